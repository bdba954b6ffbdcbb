import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from './layout/app-layout.tsx';
import { emptyPage, mockApi, renderApp } from '../test/render.tsx';
import AccountScreen from '../features/account/routes/account.tsx';
import AuthenticateScreen from '../features/auth/routes/authenticate.tsx';
import PasswordResetScreen from '../features/auth/routes/password-reset.tsx';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
const app = (
  <Routes>
    <Route element={<AppLayout />}>
      <Route path="/account/authenticate" element={<AuthenticateScreen />} />
      <Route path="/account/password_reset/:slug" element={<PasswordResetScreen />} />
      <Route path="/account" element={<AccountScreen />} />
      <Route path="*" element={<Where />} />
    </Route>
  </Routes>
);
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const later = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

afterEach(() => vi.useRealTimers());

describe('new password form', () => {
  it.each([
    ['abcdefgh', 'abcdefgx', "Passwords don't match!"],
    ['short', 'short', 'Password minimum, 8 characters!'],
  ])('checks %s / %s in the seed’s words and sends nothing', async (password, confirm, message) => {
    const fetchMock = mockApi(() => emptyPage);
    renderApp(app, '/account/password_reset/the-token');
    type('New password', password);
    type('Confirm password', confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/password_reset/'))).toBe(false);
  });

  it('shows live match feedback, then goes to the login page 4 s after saving', async () => {
    const fetchMock = mockApi((url) => (url.pathname === '/api/password_reset/reset/' ? { detail: 'ok' } : emptyPage));
    renderApp(app, '/account/password_reset/the-token');
    type('New password', 'baobab-sunrise-88');
    type('Confirm password', 'baobab-sunrise-8');
    // a live region, so a screen reader hears it (the header's search box has one of its own)
    expect(screen.getByText("Passwords don't match.")).toHaveAttribute('role', 'status');
    type('Confirm password', 'baobab-sunrise-88');
    expect(screen.getByText('Passwords match')).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await screen.findByText(/Your password has been reset/);
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/password_reset/reset/')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ token: 'the-token', new_password: 'baobab-sunrise-88' });
    await later(3900);
    expect(screen.queryByRole('form', { name: 'Login' })).not.toBeInTheDocument();
    await later(200);
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();
  });

  it('says only that a spent link is spent, not the seed’s "sending email" error above it', async () => {
    mockApi((url) => (url.pathname === '/api/password_reset/reset/' ? json({ token: ['This password reset link is invalid or has expired. Ask for a new one.'] }, 400) : emptyPage));
    renderApp(app, '/account/password_reset/old');
    type('New password', 'baobab-sunrise-88');
    type('Confirm password', 'baobab-sunrise-88');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This password reset link is invalid or has expired\. Ask for a new one\.$/);
    expect(screen.queryByText(/sending email/)).toBeNull();
  });

  it('keeps the seed’s wording when saving fails for another reason', async () => {
    mockApi((url) => (url.pathname === '/api/password_reset/reset/' ? json({ detail: 'Server error.' }, 503) : emptyPage));
    renderApp(app, '/account/password_reset/the-token');
    type('New password', 'baobab-sunrise-88');
    type('Confirm password', 'baobab-sunrise-88');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error! sending email. Try again.');
  });
});

describe('login, register and forgot password', () => {
  it('logs in, shows the cut name in the header and goes home after 0.5 s', async () => {
    mockApi((url) =>
      url.pathname === '/api/login/' ? { is_staff: false, tokens: { access: 'a', refresh: 'r' }, username: 'Wanjiku', purchase: [], profile: { profile_pic: null } } : emptyPage,
    );
    renderApp(app, '/account/authenticate');
    type('Email', 'wanjiku@example.co.ke');
    type('Password', 'baobab-sunrise-88');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getAllByRole('button', { name: 'Login' }).at(-1)!);
    expect(await screen.findByTestId('account-name')).toHaveTextContent('wanj...');
    expect(localStorage.getItem('authorized')).toBe('true');
    expect(localStorage.getItem('auth')).toBeNull(); // no token on disk
    await later(400);
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    await later(200);
    expect(screen.getByTestId('where')).toHaveTextContent('/');
  });

  it('shows the server’s message for a wrong password', async () => {
    mockApi((url) => (url.pathname === '/api/login/' ? json({ detail: 'Invalid email or password.' }, 401) : emptyPage));
    renderApp(app, '/account/authenticate');
    type('Email', 'wanjiku@example.co.ke');
    type('Password', 'nope-nope-nope');
    fireEvent.click(screen.getAllByRole('button', { name: 'Login' }).at(-1)!);
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
  });

  it('registers with the password sent twice, shows the first field errors, then signs in and goes back where it was', async () => {
    let attempt = 0;
    const fetchMock = mockApi((url) => {
      if (url.pathname === '/api/login/') return { is_staff: false, tokens: { access: 'a', refresh: 'r' }, username: 'kamau', purchase: [], profile: { profile_pic: null } };
      if (url.pathname !== '/api/register/') return emptyPage;
      attempt++;
      return attempt === 1 ? json({ email: ['A user with that email already exists.', 'second'] }, 400) : json({ id: 3 }, 201);
    });
    renderApp(app, `/account/authenticate?tab=register&next=${encodeURIComponent('/video/12?buy=1')}`);
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    type('Username', 'kamau');
    type('Email', 'kamau@example.co.ke');
    type('Password', 'baobab-sunrise-88');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('A user with that email already exists.')).toBeInTheDocument();
    expect(screen.queryByText('second')).not.toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls.find(([u]) => String(u) === '/api/register/')![1]!.body));
    expect(body).toEqual({ username: 'kamau', email: 'kamau@example.co.ke', password1: 'baobab-sunrise-88', password2: 'baobab-sunrise-88' });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Account created successfully.')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls.find(([u]) => String(u) === '/api/login/')![1]!.body))).toEqual({ email: 'kamau@example.co.ke', password: 'baobab-sunrise-88' });
    expect(localStorage.getItem('authorized')).toBe('true');
    expect(await screen.findByTestId('where', {}, { timeout: 3000 })).toHaveTextContent('/video/12');
  });

  it('never follows a next address off the site', async () => {
    const { nextPath } = await import('../lib/next-path.ts');
    expect(nextPath(new URLSearchParams('next=/cart?checkout=1'))).toBe('/cart?checkout=1');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) expect(nextPath(new URLSearchParams({ next: bad }))).toBeNull();
  });

  it('says the reset link was sent, then after 4 s to check the e-mail', async () => {
    mockApi((url) => (url.pathname === '/api/password_reset/request/' ? { detail: 'Password reset link sent.' } : emptyPage));
    renderApp(app, '/account/authenticate?tab=forgot');
    type('Email', 'wanjiku@example.co.ke');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Password reset link sent.')).toBeInTheDocument();
    await later(4100);
    expect(screen.getByText('Check your email for Password reset link.')).toBeInTheDocument();
  });
});

describe('account guard and logout', () => {
  it('sends a visitor from /account to the login page', async () => {
    mockApi(() => emptyPage);
    renderApp(app, '/account');
    expect(await screen.findByRole('form', { name: 'Login' })).toBeInTheDocument();
  });

  it('forgets the customer even when the logout call fails', async () => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('user', JSON.stringify('Wanjiku'));
    localStorage.setItem('myListTitles', JSON.stringify(['Nairobi Heist']));
    const info = { user: { id: 1, username: 'Wanjiku', email: 'w@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: true, profile: { buyerid: 1, phone_number: null, account: 250, country: 'Kenya', city: '', profile_pic: null } }, deposit_history: [], purchase: [] };
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/logout/') return json({ detail: 'boom' }, 500);
      return emptyPage;
    });
    renderApp(app, '/account');
    expect(await screen.findByText('Ksh 250')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('target', '_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Signout' }));
    expect(await screen.findByRole('form', { name: 'Login' })).toBeInTheDocument();
    expect(localStorage.getItem('authorized')).toBeNull();
    expect(localStorage.getItem('myListTitles')).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
