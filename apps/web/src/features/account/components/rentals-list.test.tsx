import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Rental } from '@store/contract';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import AccountScreen from '../routes/account.tsx';

const HOUR = 3_600_000;
const info = { user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: null, account: 0, country: 'Kenya', city: '', profile_pic: null } }, deposit_history: [], purchase: [] };
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const rentals: Rental[] = [
  { id: 3, video_id: 5, title: 'Boda Boda Kings', image: null, price_paid: 40, rented_at: '2026-11-24T08:00:00Z', started_at: null, expires_at: at(30 * 24 - 2) },
  { id: 2, video_id: 3, title: 'Nairobi Heist', image: null, price_paid: 50, rented_at: '2026-11-23T08:00:00Z', started_at: at(-17), expires_at: at(31.5) },
  { id: 1, video_id: 4, title: 'Kenya Kings', image: null, price_paid: 30, rented_at: '2026-11-01T08:00:00Z', started_at: '2026-11-01T09:00:00Z', expires_at: '2026-11-03T09:00:00Z' },
];

function show() {
  localStorage.setItem('authorized', 'true');
  mockApi((url) => {
    if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
    if (url.pathname === '/api/info/') return info;
    if (url.pathname === '/api/rentals/') return { count: 3, next: null, previous: null, results: rentals };
    return emptyPage;
  });
  renderApp(
    <Routes>
      <Route path="/account" element={<AccountScreen />} />
    </Routes>,
    '/account?section=rentals',
  );
}

describe('rentals in the account', () => {
  it('lists each rental with its time left: to start, to watch, or ended', async () => {
    show();
    const list = await screen.findByRole('list', { name: 'Rentals' });
    expect(within(list).getAllByTestId('rental').map((r) => r.textContent)).toEqual([
      'Boda Boda KingsStarts when you press play · 29 days to startRented 2026-11-24 · Ksh 40',
      'Nairobi HeistEnds in 31 hRented 2026-11-23 · Ksh 50',
      'Kenya KingsRental endedRented 2026-11-01 · Ksh 30',
    ]);
    expect(within(list).getByRole('link', { name: 'Nairobi Heist' })).toHaveAttribute('href', '/watch/3');
  });

  it('says the time left in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    show();
    const list = await screen.findByRole('list', { name: 'Ulizokodi' });
    expect(list).toHaveTextContent('Inaisha baada ya saa 31');
    expect(list).toHaveTextContent('Ukodishaji umeisha');
    expect(untranslated()).toEqual([]);
  });
});
