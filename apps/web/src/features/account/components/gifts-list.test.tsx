import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Gift } from '@store/contract';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import AccountScreen from '../routes/account.tsx';

const info = { user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: '254712345678', account: 1200, country: 'Kenya', city: 'Nairobi', profile_pic: null } }, deposit_history: [], purchase: [] };
const gift = (over: Partial<Gift>): Gift => ({ id: 1, direction: 'sent', state: 'sent', video_ids: [3], bundle_id: null, pass_id: null, title: 'Nairobi Heist', image: null, from: 'amina', to: '+2547•••••111', message: 'Enjoy!', amount: 200, created_at: '2026-11-20T10:00:00Z', expires_at: '2026-12-20T10:00:00Z', claimed_at: null, returned_at: null, ...over });
const gifts = [gift({}), gift({ id: 2, state: 'claimed', title: 'All seasons', bundle_id: 9, video_ids: [4, 5], to: 'ba•••@example.co.ke', message: '' }), gift({ id: 7, direction: 'received', state: 'claimed', from: 'baraka', to: null, amount: null, title: 'Boda Boda Kings', message: 'Kwa rafiki yangu' })];

function show() {
  localStorage.setItem('authorized', 'true');
  mockApi((url) => {
    if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
    if (url.pathname === '/api/info/') return info;
    if (url.pathname === '/api/gifts/') return { count: gifts.length, next: null, previous: null, results: gifts };
    return emptyPage;
  });
  renderApp(
    <Routes>
      <Route path="/account" element={<AccountScreen />} />
    </Routes>,
    '/account?section=gifts',
  );
}

describe('gifts in the account', () => {
  it('lists the gifts received and sent with whom and their state', async () => {
    show();
    const received = await screen.findByRole('region', { name: 'Received' });
    expect(within(received).getAllByTestId('gift').map((g) => g.textContent)).toEqual([expect.stringMatching(/^Boda Boda KingsYoursFrom baraka · “Kwa rafiki yangu”/)]);
    const sent = screen.getByRole('region', { name: 'Sent' });
    const rows = within(sent).getAllByTestId('gift').map((g) => g.textContent);
    expect(rows[0]).toMatch(/^Nairobi HeistNot claimed yetTo \+2547•••••111 · Ksh 200 · “Enjoy!”.*back to your balance on 2026-12-20 if not claimed$/);
    expect(rows[1]).toMatch(/^All seasonsClaimedTo ba•••@example.co.ke · Ksh 200/);
    expect(screen.getByRole('link', { name: 'Gifts' })).toHaveAttribute('href', '/account?section=gifts');
  });

  it('says the states in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    show();
    expect(await screen.findByRole('region', { name: 'Ulizotuma' })).toHaveTextContent('Bado haijapokelewa');
    expect(screen.getByRole('region', { name: 'Ulizopokea' })).toHaveTextContent('Kutoka kwa baraka');
    expect(untranslated()).toEqual([]);
  });
});
