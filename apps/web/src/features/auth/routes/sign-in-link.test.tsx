import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import SignInLinkScreen from './sign-in-link.tsx';

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}
const app = (
  <StrictMode>
    <Routes>
      <Route path="/account/sign-in/:token" element={<SignInLinkScreen />} />
      <Route path="*" element={<Where />} />
    </Routes>
  </StrictMode>
);
const signedIn = { is_staff: false, tokens: { access: 'a', refresh: 'r' }, username: 'wanjiku', purchase: [], profile: { profile_pic: null, language: null }, next: '/video/31?buy=1', video_ids: [31] };

describe('the mailed sign-in link', () => {
  it('signs in once, puts the videos being bought in the cart and carries the purchase on where it was', async () => {
    const fetchMock = mockApi((url) => {
      if (url.pathname === '/api/login/link/check/') return { email: 'wa•••@example.co.ke', same_browser: true };
      if (url.pathname === '/api/login/link/') return signedIn;
      return { detail: 'ok' };
    });
    renderApp(app, '/account/sign-in/tok-123');
    expect(await screen.findByText('at /video/31?buy=1')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.map(([u, init]) => [String(u), init?.body ? JSON.parse(String(init.body)) : null]);
    // Once, though React runs the screen's effect twice in development: the link works only once.
    expect(calls.filter(([u]) => u === '/api/login/link/')).toEqual([['/api/login/link/', { token: 'tok-123' }]]);
    expect(calls).toContainEqual(['/api/cart/merge/', { video_ids: [31] }]);
    expect(localStorage.getItem('authorized')).toBe('true');
    expect(localStorage.getItem('user')).toBe('"wanjiku"');
  });

  it('asks whose account it is when another browser asked for the link, and then only signs in (English and Kiswahili)', async () => {
    for (const [kiswahili, question, button] of [
      [false, 'Sign in as ot•••@example.co.ke?', 'Sign in'],
      [true, 'Uingie kama ot•••@example.co.ke?', 'Ingia'],
    ] as const) {
      const untranslated = kiswahili ? speakKiswahili() : () => [];
      localStorage.removeItem('authorized');
      // The server carries nothing on for a browser that did not ask for the link.
      const fetchMock = mockApi((url) => {
        if (url.pathname === '/api/login/link/check/') return { email: 'ot•••@example.co.ke', same_browser: false };
        if (url.pathname === '/api/login/link/') return { ...signedIn, username: 'otieno', next: null, video_ids: [] };
        return { detail: 'ok' };
      });
      const view = renderApp(app, `/account/sign-in/passed-on-${kiswahili}`);
      expect(await screen.findByText(question)).toBeInTheDocument();
      const paths = () => fetchMock.mock.calls.map(([u]) => String(u));
      expect(paths()).not.toContain('/api/login/link/');
      expect(localStorage.getItem('authorized')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByText('at /')).toBeInTheDocument();
      expect(paths().filter((u) => u === '/api/login/link/')).toHaveLength(1);
      expect(paths()).not.toContain('/api/cart/merge/');
      expect(localStorage.getItem('user')).toBe('"otieno"');
      await vi.waitFor(() => expect(untranslated()).toEqual([]));
      view.unmount();
    }
  });

  it('says a used or expired link is so, in Kiswahili too, and offers to log in', async () => {
    const untranslated = speakKiswahili();
    mockApi(() => new Response(JSON.stringify({ token: ['Kiungo hiki cha kuingia si sahihi, kimeshatumika au muda wake umepita. Omba kingine.'] }), { status: 400 }));
    renderApp(app, '/account/sign-in/used-token');
    expect(await screen.findByText('Kiungo hiki cha kuingia si sahihi, kimeshatumika au muda wake umepita. Omba kingine.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ingia' })).toHaveAttribute('href', '/account/authenticate');
    expect(localStorage.getItem('authorized')).toBeNull();
    await vi.waitFor(() => expect(untranslated()).toEqual([]));
  });
});
