import { act, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../test/render.tsx';
import { PushOpenedRead } from './push-opened-read.tsx';

const Where = () => {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
};

/** The API as a signed-in customer's page sees it; what was marked read, by id. */
function api() {
  const marked: unknown[] = [];
  mockApi((url, init) => {
    if (url.pathname === '/api/token/refresh/') return { access: 'token', refresh: 'r' };
    if (url.pathname === '/api/notifications/mine/read/' && init?.method === 'POST') {
      marked.push(JSON.parse(String(init.body)));
      return { updated: 1, unread: 0 };
    }
    return new Response('{}', { status: 404 });
  });
  return marked;
}

describe('a page opened from a push', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('marks the tapped notification read and takes its id out of the address', async () => {
    localStorage.setItem('authorized', 'true');
    const marked = api();
    renderApp(
      <>
        <PushOpenedRead />
        <Where />
      </>,
      '/video/12?notification=7&tab=info',
    );
    await waitFor(() => expect(marked).toEqual([{ ids: [7] }]));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/video\/12\?tab=info$/);
  });

  it('marks nothing for a visitor or for an id that is not one, and still tidies the address', async () => {
    const marked = api();
    renderApp(
      <>
        <PushOpenedRead />
        <Where />
      </>,
      '/video/12?notification=7',
    );
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/video\/12$/));
    localStorage.setItem('authorized', 'true');
    renderApp(<PushOpenedRead />, '/?notification=1%20OR%201');
    await new Promise((r) => setTimeout(r, 50));
    expect(marked).toEqual([]);
  });

  it('marks it when the service worker says so to a tab already on its page', async () => {
    localStorage.setItem('authorized', 'true');
    const worker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
    const marked = api();
    renderApp(<PushOpenedRead />, '/video/12');
    act(() => {
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'other', id: 3 } }));
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'notification-opened', id: 9 } }));
    });
    await waitFor(() => expect(marked).toEqual([{ ids: [9] }]));
  });
});
