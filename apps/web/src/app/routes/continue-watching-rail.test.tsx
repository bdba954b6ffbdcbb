import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../test/render.tsx';
import { savedCopy } from '../../test/saved-copy.ts';
import { speakKiswahili } from '../../test/speak-kiswahili.ts';
import HomeRoute from './home.tsx';

const item = (video_id: number, position: number, duration: number, title: string, season: string | null = null) => ({ video_id, position, duration, title, season, poster: `/media/posters/${video_id}.webp`, updated_at: '2026-11-27T09:00:00Z' });

const home = (
  <Routes>
    <Route path="/" element={<HomeRoute />} />
    <Route path="/watch/:id" element={<p>player</p>} />
  </Routes>
);

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

describe('Continue watching', () => {
  beforeEach(() => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '5');
  });
  afterEach(() => vi.restoreAllMocks());

  it('is the home page’s first rail for a signed-in customer, each card with how far they got, opening the player', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'token', refresh: 'r' };
      if (url.pathname === '/api/continue-watching/') return { results: [item(12, 1800, 5400, 'Hunting Demons', 'Season 2'), item(7, 600, 2400, 'Mbogi')], hidden: 0 };
      return emptyPage;
    });
    const { container } = renderApp(home);
    const rail = await screen.findByTestId('continue-watching');
    expect(within(rail).getByRole('heading', { name: 'Continue watching' })).toBeInTheDocument();
    // First among the rails.
    expect(container.querySelector('.home-rails > section')).toBe(rail);
    const cards = within(rail).getAllByTestId('continue-card');
    expect(cards.map((c) => c.textContent)).toEqual(['Hunting DemonsSeason 2 · 60 min left, 33% watched', 'Mbogi30 min left, 25% watched']);
    expect(within(cards[0]!).getByTestId('continue-progress')).toHaveStyle({ width: '33%' });
    expect(cards[0]).toHaveTextContent('60 min left');
    expect(cards[1]).toHaveAttribute('href', '/watch/7');
    fireEvent.click(cards[0]!);
    expect(await screen.findByText('player')).toBeInTheDocument();
  });

  it('shows nothing for a visitor or with nothing to continue', async () => {
    const asked = mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'token', refresh: 'r' };
      if (url.pathname === '/api/continue-watching/') return { results: [], hidden: 1 };
      return emptyPage;
    });
    const { unmount } = renderApp(home);
    await waitFor(() => expect(asked.mock.calls.map(([u]) => String(u))).toContain('/api/continue-watching/'));
    await screen.findAllByRole('heading');
    expect(screen.queryByTestId('continue-watching')).not.toBeInTheDocument();
    unmount();
    localStorage.clear();
    const fetchMock = mockApi(() => emptyPage);
    renderApp(home);
    expect(screen.queryByTestId('continue-watching')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).not.toContain('/api/continue-watching/');
  });

  it('with no network, shows the videos saved on this phone, where they stopped as last known, in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    localStorage.setItem('continueWatching', JSON.stringify({ owner: 5, results: [item(4, 30, 60, 'Video 4', 'Msimu 1')] }));
    // Saved by account 5 (two) and by someone else on this phone (not shown).
    localStorage.setItem('savedVideos', JSON.stringify([savedCopy(3, 5), savedCopy(4, 5), savedCopy(8, 6)]));
    setOnline(false);
    const fetchMock = mockApi(() => new Response(null, { status: 503 }));
    renderApp(home);
    const rail = await screen.findByTestId('continue-watching');
    expect(within(rail).getByRole('heading', { name: 'Endelea kutazama' })).toBeInTheDocument();
    const cards = within(rail).getAllByTestId('continue-card');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(['/watch/4', '/watch/3']);
    expect(cards[0]).toHaveTextContent('Video 4Msimu 1 · Imebaki dakika 1, umetazama 50%');
    expect(within(cards[0]!).getByTestId('continue-progress')).toHaveStyle({ width: '50%' });
    expect(cards[1]).toHaveTextContent('Imehifadhiwa kwenye simu hii');
    expect(fetchMock.mock.calls.map(([u]) => String(u))).not.toContain('/api/continue-watching/');
    expect(untranslated()).toEqual([]);
  });
});
