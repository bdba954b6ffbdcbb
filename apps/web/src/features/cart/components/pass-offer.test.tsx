import { fireEvent, screen, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PassProduct, Video } from '@store/contract';
import { makeVideo } from '../../../test/fixtures.ts';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { BuyActions } from './buy-actions.tsx';

const HOUR = 3_600_000;
const info = (account: number) => ({ user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: '254712000111', account, country: 'Kenya', city: '', profile_pic: null } }, deposit_history: [], purchase: [] });
const products: PassProduct[] = [
  { id: 2, title: 'Week of everything', scope: { kind: 'all', value: null, name: null }, hours: 168, price: 150, active: true, video_count: 312 },
  { id: 1, title: 'DJ Zamu day pass', scope: { kind: 'dj', value: 4, name: 'Zamu' }, hours: 24, price: 20, active: true, video_count: 40 },
  { id: 5, title: 'Comedy week', scope: { kind: 'genre', value: 8, name: 'Comedy' }, hours: 168, price: 60, active: true, video_count: 12 },
];
// A Zamu action film (makeVideo's DJ and genre), for rent too.
const film = (over: Partial<Video> = {}) => makeVideo(3, { title: 'Nairobi Heist', price: 200, rent_price: 50, rental_hours: 48, ...over } as Partial<Video>);
const livePass = { id: 9, ends_at: new Date(Date.now() + 50 * HOUR).toISOString() };

function showPage(server: { pass: typeof livePass | null; balance: number }) {
  localStorage.setItem('authorized', 'true');
  const fetchMock = mockApi((url, init) => {
    if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
    if (url.pathname === '/api/info/') return info(server.balance);
    if (url.pathname === '/api/videoDetails/3/') return { ...film(), owned: false, rental: null, price_for_you: 200, pass: server.pass };
    // The server matches the scope: the comedy week does not cover this action film.
    if (url.pathname === '/api/passes/') return url.searchParams.get('video_id') === '3' ? products.filter((p) => p.id !== 5) : products;
    if (url.pathname === '/api/passes/1/buy/' && init?.method === 'POST') {
      server.pass = livePass;
      server.balance -= 20;
      return { pass: { id: 9, pass_id: 1, title: 'DJ Zamu day pass', scope: products[1]!.scope, starts_at: new Date().toISOString(), ends_at: livePass.ends_at, live: true, renewal: 'off', price: 20, hours: 24 }, balance: server.balance };
    }
    return emptyPage;
  });
  renderApp(
    <Routes>
      <Route path="/video/:id" element={<BuyActions video={film()} />} />
      <Route path="/purchase/done" element={<Link to="/video/3">Back to the video</Link>} />
    </Routes>,
    '/video/3',
  );
  return fetchMock;
}

describe('passes on a video’s page', () => {
  it('shows "Included in your pass", its time left and Play instead of Buy and Rent for a video a live pass covers', async () => {
    showPage({ pass: livePass, balance: 0 });
    expect(await screen.findByText('Included in your pass')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play' })).toHaveAttribute('href', '/watch/3?play=1');
    expect(screen.getByTestId('pass-time-left')).toHaveTextContent('Ends in 2 days');
    for (const name of ['Buy', 'Rent 48 h · Ksh 50', 'Add to cart']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Watch this and/ })).toBeNull();
  });

  it('says so in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    showPage({ pass: livePass, balance: 0 });
    expect(await screen.findByText('Imo kwenye pasi yako')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cheza' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nunua' })).toBeNull();
    expect(untranslated()).toEqual([]);
  });

  it('offers the narrowest pass that covers it, buys it in the same dialog with an Idempotency-Key, and after that no Buy shows', async () => {
    const fetchMock = showPage({ pass: null, balance: 500 });
    expect(await screen.findByRole('button', { name: 'Buy' })).toBeInTheDocument();
    // The passes the server says cover it, the DJ's day pass (the narrowest) before the week of everything.
    fireEvent.click(await screen.findByRole('button', { name: 'Watch this and 39 more with DJ Zamu day pass · Ksh 20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm pass' });
    expect(dialog).toHaveTextContent('DJ Zamu day pass · 1 day · Ksh 20');
    await within(dialog).findByText('Your balance: Ksh 500');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 20' }));

    fireEvent.click(await screen.findByRole('link', { name: 'Back to the video' }));
    const buy = fetchMock.mock.calls.find(([u]) => new URL(String(u), 'http://s').pathname === '/api/passes/1/buy/')!;
    expect((buy[1]!.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(buy[1]!.body))).toEqual({});
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/passes/?video_id=3'))).toBe(true);
    // The video's answer was read again: the pass covers it now.
    expect(await screen.findByText('Included in your pass')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
    expect(localStorage.getItem('balance')).toBe('480');
  });

  it('offers a pass that covers only this video so far without "and 0 more"', async () => {
    localStorage.setItem('authorized', 'true');
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info(0);
      if (url.pathname === '/api/videoDetails/3/') return { ...film(), owned: false, rental: null, price_for_you: 200, pass: null };
      if (url.pathname === '/api/passes/') return [{ ...products[1]!, video_count: 1 }];
      return emptyPage;
    });
    renderApp(
      <Routes>
        <Route path="/video/:id" element={<BuyActions video={film()} />} />
      </Routes>,
      '/video/3',
    );
    expect(await screen.findByRole('button', { name: 'Watch it with DJ Zamu day pass · Ksh 20' })).toBeInTheDocument();
  });
});
