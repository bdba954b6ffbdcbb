import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeVideo } from '../test/fixtures.ts';
import { emptyPage, mockApi, renderApp } from '../test/render.tsx';
import { AppRoutes } from './router.tsx';

// Where a date alone is meant, a date alone (YYYY-MM-DD in Nairobi time), not the time to the second.
describe('dates on the storefront', () => {
  it('says when a video was added as a date', async () => {
    // 23:30 UTC is already the next day in Nairobi.
    mockApi((url) => (/\/videoDetails\/\d+\/$/.test(url.pathname) ? makeVideo(7, { date_uploaded: '2026-11-13T23:30:15Z', purchase_times: 12 }) : emptyPage));
    renderApp(<AppRoutes />, '/video/7');
    expect(await screen.findByText('Added 2026-11-14 · bought 12 times')).toBeInTheDocument();
  });

  it('dates the store’s notices as dates', async () => {
    mockApi((url) => (url.pathname === '/api/notification/' ? { count: 1, next: null, previous: null, results: [{ noty_id: 1, message: 'New DJ Afro mixtape this Friday', date_notified: '2026-11-20T06:15:00Z' }] } : emptyPage));
    renderApp(<AppRoutes />, '/notifications');
    expect(await screen.findByText('New DJ Afro mixtape this Friday')).toBeInTheDocument();
    expect(screen.getByText('2026-11-20')).toHaveAttribute('datetime', '2026-11-20T06:15:00Z');
  });
});
