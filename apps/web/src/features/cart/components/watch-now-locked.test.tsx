import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Video } from '@store/contract';
import { makeVideo } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { lockedOut, useFamilyLock } from '../../../lib/family-lock.ts';
import { BuyActions } from './buy-actions.tsx';

const film = makeVideo(4, { title: 'Zombie Harvest', price: 200, rating: '18' } as Partial<Video>);

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

/** /watch/{id} as it is: the store page while the lock holds the media back, the player (not started) once unlocked. */
function WatchPage() {
  useFamilyLock();
  const { search } = useLocation();
  return lockedOut('18') ? <BuyActions video={film} /> : <p>{search.includes('play=1') ? 'The player, playing' : 'The player, not started'}</p>;
}

/** The 18 film's page for its owner on a phone whose family lock is on: what the server answers, and where taps lead. */
function showOwned18(kept: object, at: '/video/4' | '/watch/4' = '/video/4') {
  localStorage.setItem('authorized', 'true');
  localStorage.setItem('account_id', '1');
  localStorage.setItem('familyLock:1', JSON.stringify(kept));
  const fetchMock = mockApi((url) => {
    if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
    if (url.pathname === '/api/videoDetails/4/') return { ...film, owned: true, media: null, family_locked: true };
    if (url.pathname === '/api/family-lock/unlock/') return { unlock: 'u-4', expires_at: new Date(Date.now() + 4 * 3600_000).toISOString() };
    return { results: [], total: 0, hidden: 0 };
  });
  renderApp(
    <>
      <Routes>
        <Route path="/video/:id" element={<BuyActions video={film} />} />
        <Route path="/watch/:id" element={<WatchPage />} />
      </Routes>
      <Where />
    </>,
    at,
  );
  return fetchMock;
}

describe('Watch now on a film the family lock holds back (issue 32 item 11)', () => {
  it('asks for the PIN instead of opening the same page again, then plays after the right PIN', async () => {
    const fetchMock = showOwned18({ on: true });
    await screen.findByText('You own this video');
    // Not a link to /watch/4: that page shows this store page again while the lock holds the media back.
    expect(screen.queryByRole('link', { name: 'Watch now' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Watch now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Family lock' });
    expect(dialog).toHaveTextContent('This video is rated 18.');
    expect(screen.getByTestId('where')).toHaveTextContent('/video/4');
    fireEvent.change(within(dialog).getByLabelText('PIN'), { target: { value: '2580' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('The player, playing')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/watch/4?play=1');
    const unlock = fetchMock.mock.calls.find(([u]) => String(u).includes('/api/family-lock/unlock/'));
    expect(JSON.parse(String(unlock![1]!.body))).toEqual({ pin: '2580' });
  });

  it('on /watch/{id}, whose store page gives way to the player as the PIN unlocks, still starts the film', async () => {
    showOwned18({ on: true }, '/watch/4');
    fireEvent.click(await screen.findByRole('button', { name: 'Watch now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Family lock' });
    fireEvent.change(within(dialog).getByLabelText('PIN'), { target: { value: '2580' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('The player, playing')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/watch/4?play=1');
  });

  it('is the plain link to the player once this phone is unlocked', async () => {
    showOwned18({ on: true, unlock: { value: 'u', until: Date.now() + 3600_000 } });
    expect(await screen.findByRole('link', { name: 'Watch now' })).toHaveAttribute('href', '/watch/4');
  });

  it('asks in Kiswahili too', async () => {
    const untranslated = speakKiswahili();
    showOwned18({ on: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Tazama sasa' }));
    expect(await screen.findByRole('dialog', { name: 'Kufuli ya familia' })).toHaveTextContent('Video hii ina daraja la 18.');
    expect(untranslated()).toEqual([]);
  });
});
