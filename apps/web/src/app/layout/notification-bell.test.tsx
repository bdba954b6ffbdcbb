import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../test/render.tsx';
import { speakKiswahili } from '../../test/speak-kiswahili.ts';
import { NotificationBell } from './notification-bell.tsx';
import { MyNotifications } from '../../features/notifications/components/my-notifications.tsx';

describe('the header’s bell', () => {
  it('shows the unread count from the smallest page and opens the notifications', async () => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '5');
    const unread = 3;
    const asked: string[] = [];
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'token', refresh: 'r' };
      asked.push(`${url.pathname}${url.search}`);
      return { count: 5, next: null, previous: null, results: [], unread, hidden: 0 };
    });
    renderApp(
      <Routes>
        <Route path="/" element={<NotificationBell />} />
        <Route path="/notifications" element={<p>notifications page</p>} />
      </Routes>,
    );
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveTextContent('3');
    expect(asked).toEqual(['/api/notifications/mine/?page_size=1']);

    fireEvent.click(bell);
    expect(await screen.findByText('notifications page')).toBeInTheDocument();
  });

  it('drops the count once the customer marks them read on the notifications page', async () => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '5');
    let unread = 2;
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'token', refresh: 'r' };
      if (url.pathname === '/api/notifications/mine/read/') {
        unread = 0;
        return { updated: 2, unread };
      }
      const results = [1, 2].map((id) => ({ id, kind: 'refund', title: `Refund ${id}`, body: 'Ksh 50 is back on your balance.', url: '/account?section=activity', created_at: '2026-11-27T09:30:00Z', read_at: unread ? null : '2026-11-27T10:00:00Z' }));
      return { count: 2, next: null, previous: null, results, unread, hidden: 0 };
    });
    renderApp(
      <>
        <NotificationBell />
        <MyNotifications />
      </>,
    );
    await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('link', { name: 'Notifications' })).not.toHaveTextContent('2');
  });

  it('says the count in Kiswahili and shows no number when all is read; a visitor has no bell', async () => {
    const untranslated = speakKiswahili();
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '5');
    mockApi((url) => (url.pathname === '/api/token/refresh/' ? { access: 'token', refresh: 'r' } : { count: 0, next: null, previous: null, results: [], unread: 0, hidden: 0 }));
    const { unmount } = renderApp(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Arifa' });
    await waitFor(() => expect(bell).toHaveTextContent(''));
    unmount();
    localStorage.clear();
    renderApp(<NotificationBell />);
    expect(screen.queryByTestId('bell')).not.toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });
});
