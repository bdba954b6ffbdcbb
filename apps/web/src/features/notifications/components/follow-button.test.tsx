import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { FollowButton } from './follow-button.tsx';

const VAPID = 'BPy3j9dN8K2wZJX4p3xkG0q1l8S9M7r2t5v6w7x8y9z0A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q7R8S9T0U1V2W3';

/** A browser that can push: Notification (not yet asked), a service worker and its push manager, all watched. */
function fakePushBrowser() {
  const requestPermission = vi.fn(async () => {
    permission.value = 'granted';
    return 'granted' as NotificationPermission;
  });
  const permission = { value: 'default' as NotificationPermission };
  vi.stubGlobal('Notification', {
    get permission() {
      return permission.value;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', class {});
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } }),
    unsubscribe: vi.fn(async () => true),
  };
  const subscribe = vi.fn(async () => subscription);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager: { getSubscription: async () => null, subscribe } }) },
  });
  return { requestPermission, subscribe };
}

const dj = (
  <Routes>
    <Route path="/dj/:dj" element={<FollowButton kind="dj" id="3" name="Afro" />} />
    <Route path="/account/authenticate" element={<p>sign in page</p>} />
  </Routes>
);

describe('Follow', () => {
  beforeEach(() => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '5');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('follows and stops following a DJ, and asks the browser about notifications only once the customer follows', async () => {
    const browser = fakePushBrowser();
    let following = false;
    const sent: { method: string; path: string; body: unknown }[] = [];
    mockApi((url, init) => {
      const method = init?.method ?? 'GET';
      sent.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.pathname === '/api/token/refresh/') return { access: 'token', refresh: 'r' };
      if (url.pathname === '/api/follows/dj/3/') {
        if (method === 'PUT') following = true;
        if (method === 'DELETE') following = false;
        return { kind: 'dj', id: '3', following };
      }
      if (url.pathname === '/api/push/key/') return { public_key: VAPID };
      if (url.pathname === '/api/push/subscriptions/') return new Response(JSON.stringify({ endpoint: 'x', subscribed: true }), { status: 201 });
      return {};
    });
    renderApp(dj, '/dj/Afro');
    const button = await screen.findByRole('button', { name: 'Follow DJ Afro' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    // Opening the page asked the browser nothing.
    expect(browser.requestPermission).not.toHaveBeenCalled();

    fireEvent.click(button);
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const pressed = await screen.findByRole('button', { name: 'Following DJ Afro: tap to stop following' });
    expect(pressed).toHaveTextContent('Following');
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(sent.some((s) => s.method === 'PUT' && s.path === '/api/follows/dj/3/')).toBe(true);
    // Allowed: subscribed with the store's key and the subscription given to the server.
    await waitFor(() => expect(sent.find((s) => s.path === '/api/push/subscriptions/')?.body).toMatchObject({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { auth: 'tBHItJI5svbpez7KI4CCXg' } }));
    expect(browser.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) }));

    await waitFor(() => expect(pressed).toBeEnabled());
    fireEvent.click(pressed);
    await screen.findByRole('button', { name: 'Follow DJ Afro' });
    expect(sent.some((s) => s.method === 'DELETE' && s.path === '/api/follows/dj/3/')).toBe(true);
    // Stopping asks nothing more.
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('says so when the follow fails, and asks nothing of a browser that already said no', async () => {
    const browser = fakePushBrowser();
    vi.stubGlobal('Notification', { permission: 'denied', requestPermission: browser.requestPermission });
    mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'token', refresh: 'r' };
      if (init?.method === 'PUT') return new Response(JSON.stringify({ detail: 'No such DJ.' }), { status: 404 });
      return { kind: 'dj', id: '3', following: false };
    });
    renderApp(dj, '/dj/Afro');
    const button = await screen.findByRole('button', { name: 'Follow DJ Afro' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not change that. Try again.');
    expect(screen.getByRole('button', { name: 'Follow DJ Afro' })).toHaveAttribute('aria-pressed', 'false');
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('sends a visitor to sign in and back, in Kiswahili', async () => {
    localStorage.clear();
    const untranslated = speakKiswahili();
    const fetchMock = mockApi(() => ({}));
    renderApp(
      <Routes>
        <Route path="/video/:id" element={<FollowButton kind="series" id="Hunting Demons" name="Hunting Demons" />} />
        <Route path="/account/authenticate" element={<p>sign in page</p>} />
      </Routes>,
      '/video/9',
    );
    const link = screen.getByRole('link', { name: 'Fuatilia mfululizo Hunting Demons' });
    expect(link).toHaveAttribute('href', '/account/authenticate?next=%2Fvideo%2F9');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(untranslated()).toEqual([]);
  });
});
