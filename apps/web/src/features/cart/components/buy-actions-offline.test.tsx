import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeVideo } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { BuyActions } from './buy-actions.tsx';

/** A video's page for a signed-in customer whose phone has no network: the store never answers. */
function showOffline(ownedHere: number[]) {
  localStorage.setItem('authorized', 'true');
  localStorage.setItem('account_id', '7');
  localStorage.setItem('ownedVideoIds', JSON.stringify(ownedHere));
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  mockApi(() => new Promise(() => undefined));
  const video = makeVideo(3, { title: 'Nairobi Heist', price: 200 });
  renderApp(
    <Routes>
      <Route path="/video/:id" element={<BuyActions video={video} />} />
    </Routes>,
    '/video/3',
  );
}

describe('a video’s page with no network', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a video this phone knows is owned as owned, with Watch now, not disabled Buy and Rent', async () => {
    showOffline([3]);
    expect(await screen.findByText('You own this video')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch now' })).toHaveAttribute('href', '/watch/3');
    expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
  });

  it('says buying needs a connection for a video not owned', async () => {
    showOffline([]);
    expect(await screen.findByText('You are offline: buying and renting need a connection.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy' })).toBeDisabled();
  });
});
