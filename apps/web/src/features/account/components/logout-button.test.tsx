import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_VIDEOS_KEY } from '../../../lib/saved-copies.ts';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { LogoutButton } from './logout-button.tsx';

const signedInWithSaved = (owner: number, savedBy: number[]) => {
  localStorage.setItem('authorized', 'true');
  localStorage.setItem('account_id', String(owner));
  localStorage.setItem(SAVED_VIDEOS_KEY, JSON.stringify(savedBy.map((by, i) => ({ id: i + 1, owner: by, storedBytes: 1000, title: `Video ${i + 1}` }))));
};
const app = (
  <Routes>
    <Route path="/account" element={<LogoutButton />} />
    <Route path="/account/authenticate" element={<p>Login page</p>} />
  </Routes>
);
const savedOwners = () => (JSON.parse(localStorage.getItem(SAVED_VIDEOS_KEY) ?? '[]') as { owner: number }[]).map((v) => v.owner);

describe('logging out with videos saved on this phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks whether to keep them, and keeps them (hidden) when told so', async () => {
    signedInWithSaved(7, [7, 7, 8]);
    const api = mockApi(() => ({}));
    renderApp(app, '/account');
    await userEvent.click(screen.getByRole('button', { name: 'Signout' }));
    const dialog = screen.getByRole('dialog', { name: 'Videos saved on this phone' });
    expect(dialog).toHaveTextContent('2 videos you saved are on this phone.');
    expect(api).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Keep and log out' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(api.mock.calls.map(([url]) => String(url))).toContain('/api/logout/');
    expect(localStorage.getItem('authorized')).toBeNull();
    expect(savedOwners()).toEqual([7, 7, 8]);
  });

  it('removes this account\'s copies, and only those, when the customer chooses to', async () => {
    signedInWithSaved(7, [7, 8]);
    mockApi(() => ({}));
    renderApp(app, '/account');
    await userEvent.click(screen.getByRole('button', { name: 'Signout' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('1 video you saved is on this phone.');
    await userEvent.click(screen.getByRole('button', { name: 'Remove and log out' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(savedOwners()).toEqual([8]);
  });

  it('asks nothing when the account has none saved here', async () => {
    signedInWithSaved(7, [8]);
    mockApi(() => ({}));
    renderApp(app, '/account');
    await userEvent.click(screen.getByRole('button', { name: 'Signout' }));
    await waitFor(() => expect(screen.getByText('Login page')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
