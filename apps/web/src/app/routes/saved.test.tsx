import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addRemovalNotice } from '../../features/player/offline/saved-videos.ts';
import { SAVED_NOTICES_KEY } from '../../lib/saved-copies.ts';
import { mockApi, renderApp } from '../../test/render.tsx';
import SavedRoute from './saved.tsx';

const notice = (owner: number) => ({ owner, id: 4, title: 'Mtaa Comedy Club', reason: 'refunded' });

describe('/saved', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signed out, lists nothing and says that saved videos show to the account that saved them', () => {
    localStorage.setItem(SAVED_NOTICES_KEY, JSON.stringify([notice(7)]));
    renderApp(<SavedRoute />, '/saved');
    expect(screen.getByRole('status')).toHaveTextContent('Videos saved on this phone show to the account that saved them: log in to see yours.');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/account/authenticate?next=%2Fsaved');
    expect(screen.queryByText(/Mtaa Comedy Club/)).not.toBeInTheDocument();
  });

  it('tells its account of a copy just removed, though none is left, and nobody else', async () => {
    mockApi(() => ({}));
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '7');
    localStorage.setItem(SAVED_NOTICES_KEY, JSON.stringify([notice(7)]));
    const { unmount } = renderApp(<SavedRoute />, '/saved');
    expect(await screen.findByText('Mtaa Comedy Club was removed from this phone: you no longer own it.')).toBeInTheDocument();
    unmount();
    localStorage.setItem('account_id', '8');
    renderApp(<SavedRoute />, '/saved');
    expect(screen.getByRole('status')).toHaveTextContent('No videos saved on this phone yet.');
    expect(screen.queryByText(/Mtaa Comedy Club/)).not.toBeInTheDocument();
  });

  it('tells of a copy removed while it shows the empty screen (its record went first, then its notice)', async () => {
    mockApi(() => ({}));
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '7');
    renderApp(<SavedRoute />, '/saved');
    expect(screen.getByRole('status')).toHaveTextContent('No videos saved on this phone yet.');
    act(() => addRemovalNotice({ owner: 7, id: 4, title: 'Mtaa Comedy Club', reason: 'refunded' }));
    expect(await screen.findByText('Mtaa Comedy Club was removed from this phone: you no longer own it.', undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});
