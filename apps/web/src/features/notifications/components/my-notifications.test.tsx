import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { MyNotifications } from './my-notifications.tsx';

const note = (id: number, read: boolean, title = `New from DJ Afro ${id}`) => ({
  id,
  kind: 'new_video',
  title,
  body: `Episode ${id} is in the store.`,
  url: `/video/${id}`,
  created_at: '2026-11-27T09:30:00Z',
  read_at: read ? '2026-11-27T10:00:00Z' : null,
});

const screenAt = (
  <Routes>
    <Route path="/notifications" element={<MyNotifications />} />
    <Route path="/video/:id" element={<p>video page</p>} />
  </Routes>
);

describe('For you', () => {
  beforeEach(() => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '5');
  });

  it('lists the customer’s own with the unread ones marked; a tap opens the page and marks it read; Mark all read', async () => {
    const read = new Set([2]);
    const posts: unknown[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'token', refresh: 'r' };
      if (url.pathname === '/api/notifications/mine/read/') {
        const body = JSON.parse(String(init!.body)) as { ids?: number[]; all?: true };
        posts.push(body);
        (body.all ? [1, 2, 3] : body.ids!).forEach((id) => read.add(id));
        return { updated: 1, unread: 3 - read.size };
      }
      if (url.pathname === '/api/notifications/mine/') {
        const results = [3, 2, 1].map((id) => note(id, read.has(id)));
        return { count: 3, next: null, previous: null, results, unread: 3 - read.size, hidden: 1 };
      }
      return {};
    });
    renderApp(screenAt, '/notifications');
    const list = await screen.findByTestId('my-notifications');
    const items = within(list).getAllByRole('link');
    expect(items.map((a) => a.getAttribute('data-unread'))).toEqual(['true', 'false', 'true']);
    expect(items[0]).toHaveTextContent('Unread: New from DJ Afro 3');
    expect(items[0]).toHaveTextContent('Episode 3 is in the store.');
    expect(items[1]).not.toHaveTextContent('Unread');
    expect(screen.getByText('1 notification is hidden by the family lock.')).toBeInTheDocument();

    fireEvent.click(items[0]!);
    await screen.findByText('video page');
    await waitFor(() => expect(posts).toEqual([{ ids: [3] }]));
  });

  it('marks all read', async () => {
    let allRead = false;
    mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'token', refresh: 'r' };
      if (url.pathname === '/api/notifications/mine/read/') {
        expect(JSON.parse(String(init!.body))).toEqual({ all: true });
        allRead = true;
        return { updated: 2, unread: 0 };
      }
      return { count: 2, next: null, previous: null, results: [note(2, allRead), note(1, allRead)], unread: allRead ? 0 : 2, hidden: 0 };
    });
    renderApp(screenAt, '/notifications');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument());
    expect(within(screen.getByTestId('my-notifications')).getAllByRole('link').map((a) => a.getAttribute('data-unread'))).toEqual(['false', 'false']);
  });

  it('says when there is nothing yet, in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    mockApi((url) => (url.pathname === '/api/token/refresh/' ? { access: 'token', refresh: 'r' } : { count: 0, next: null, previous: null, results: [], unread: 0, hidden: 0 }));
    renderApp(screenAt, '/notifications');
    expect(await screen.findByText('Bado hakuna kitu chako. Fuatilia DJ au mfululizo ujue video mpya zinapokuja.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Weka zote zimesomwa' })).not.toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });

  it('shows the error state with Try again when the list cannot load', async () => {
    let fail = true;
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'token', refresh: 'r' };
      if (fail) return new Response(JSON.stringify({ detail: 'Down.' }), { status: 503 });
      return { count: 1, next: null, previous: null, results: [note(1, false)], unread: 1, hidden: 0 };
    });
    renderApp(screenAt, '/notifications');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('New from DJ Afro 1')).toBeInTheDocument();
  });
});
