import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { openBackOffice } from '../../../lib/back-office.ts';
import SignInLinkScreen from './sign-in-link.tsx';

vi.mock('../../../lib/back-office.ts', async (original) => ({ ...(await original<object>()), openBackOffice: vi.fn() }));

describe('a DJ’s invitation link', () => {
  it('signs the DJ in and opens the back office, where their statements are (issue 32 item 16)', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/login/link/check/') return { email: 'za•••@example.co.ke', same_browser: false };
      if (url.pathname === '/api/login/link/') return { is_staff: false, tokens: { access: 'a', refresh: 'r' }, username: 'dj-zamu', purchase: [], profile: { profile_pic: null, language: null }, next: '/admin/', video_ids: [] };
      return { detail: 'ok' };
    });
    renderApp(
      <Routes>
        <Route path="/account/sign-in/:token" element={<SignInLinkScreen />} />
      </Routes>,
      '/account/sign-in/invite-1',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(openBackOffice).toHaveBeenCalledWith('/admin/'));
  });
});
