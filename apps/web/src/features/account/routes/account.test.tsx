import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { SidebarShown } from '../../../lib/navigation.ts';
import AccountScreen from './account.tsx';
import ProfileScreen from './profile.tsx';

const app = (
  <Routes>
    <Route path="/account" element={<AccountScreen />} />
    <Route path="/profile" element={<ProfileScreen />} />
  </Routes>
);
const deposit = { checkout_request_id: 'ws_CO_1', amount: 500, phone_number: '254712345678', state: 'completed', result_code: '0', result_desc: null, outcome: 'paid', receipt: 'QKA1B2C3D4', time: '2026-11-20T10:00:00Z' };
const wrongPin = { ...deposit, checkout_request_id: 'ws_CO_2', state: 'failed', receipt: null, result_code: '2001', result_desc: 'The initiator information is invalid.', outcome: 'wrong_pin', message: 'The M-Pesa PIN was wrong. Nothing was charged: try again and enter your PIN carefully.' };
const info = { user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: '254712345678', account: 1200, country: 'Kenya', city: 'Nairobi', profile_pic: null } }, deposit_history: [deposit, wrongPin], purchase: [{ video_id: 3, video_name: 'Nairobi Heist', price: 70, purchase_time: '2026-11-21T09:30:15Z' }] };

/** The demo customer's history, newest first, 2 to a page as if page_size were 2. */
const entries = [
  { id: 5, kind: 'refund', amount: 70, balance_after: 1200, time: '2026-11-22T08:00:00Z', note: 'Nairobi Heist: Would not play', mpesa_receipt: null },
  { id: 4, kind: 'purchase', amount: -70, balance_after: 1130, time: '2026-11-21T09:30:15Z', note: 'Nairobi Heist', mpesa_receipt: null },
  { id: 3, kind: 'deposit', amount: 200, balance_after: 1200, time: '2026-11-20T10:00:00Z', note: 'M-Pesa 254712345678', mpesa_receipt: 'QKA1B2C3D4' },
  { id: 1, kind: 'adjustment', amount: 1000, balance_after: 1000, time: '2026-11-10T07:00:00Z', note: 'Demo store opening balance', mpesa_receipt: null },
];
const activityPage = (page: number) => ({ count: 4, next: page === 1 ? '/api/activity/?page=2' : null, previous: page === 2 ? '/api/activity/' : null, results: entries.slice((page - 1) * 2, page * 2) });

describe('account activity', () => {
  it('lists every change of the balance with the balance after it, newest first, a page at a time, in Kiswahili too', async () => {
    localStorage.setItem('authorized', 'true');
    const fetchMock = mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/activity/') return activityPage(Number(url.searchParams.get('page') ?? 1));
      return emptyPage;
    });
    const { unmount } = renderApp(app, '/account');
    fireEvent.click(await screen.findByRole('link', { name: 'Account activity: every deposit, purchase, refund and adjustment' }));
    const list = await screen.findByRole('list', { name: 'Account activity' });
    expect(within(list).getAllByTestId('activity-entry').map((e) => e.textContent)).toEqual([
      'Refund+Ksh 70Nairobi Heist: Would not play2026-11-22 11:00:00Balance Ksh 1,200',
      'Purchase−Ksh 70Nairobi Heist2026-11-21 12:30:15Balance Ksh 1,130',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await vi.waitFor(() => expect(within(list).getAllByTestId('activity-entry')).toHaveLength(4));
    expect(within(list).getAllByTestId('activity-entry')[3]).toHaveTextContent('Adjustment+Ksh 1,000Demo store opening balance2026-11-10 10:00:00Balance Ksh 1,000');
    expect(within(list).getAllByTestId('activity-entry')[2]).toHaveTextContent('M-Pesa 254712345678 · receipt QKA1B2C3D4');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/activity/'))).toEqual(['/api/activity/?page=1&page_size=20', '/api/activity/?page=2&page_size=20']);
    unmount();

    const untranslated = speakKiswahili();
    renderApp(app, '/account?section=activity');
    const orodha = await screen.findByRole('list', { name: 'Shughuli za akaunti' });
    expect(within(orodha).getAllByTestId('activity-entry')[0]).toHaveTextContent('Marejesho+Ksh 70Nairobi Heist: Would not play2026-11-22 11:00:00Salio Ksh 1,200');
    expect(untranslated()).toEqual([]);
  });

  it('says so when no money has moved yet', async () => {
    localStorage.setItem('authorized', 'true');
    mockApi((url) => (url.pathname === '/api/token/refresh/' ? { access: 'a', refresh: 'r' } : url.pathname === '/api/info/' ? info : emptyPage));
    renderApp(app, '/account?section=activity');
    expect(await screen.findByText('No money has moved on this account yet.')).toBeInTheDocument();
  });

  it('shows a failed deposit in the store’s words, never M-Pesa’s, and dates alone where a date is meant', async () => {
    localStorage.setItem('authorized', 'true');
    mockApi((url) => (url.pathname === '/api/token/refresh/' ? { access: 'a', refresh: 'r' } : url.pathname === '/api/info/' ? info : emptyPage));
    const { unmount } = renderApp(app, '/account');
    expect(await screen.findByText('Balance · member since 2026-01-01')).toBeInTheDocument();
    unmount();
    renderApp(app, '/account?section=list');
    expect(await screen.findByText('Ksh 70 · 2026-11-21')).toBeInTheDocument();
    cleanup();
    renderApp(app, '/account?section=deposits');
    expect(await screen.findByText(/The M-Pesa PIN was wrong\. Nothing was charged/)).toBeInTheDocument();
    expect(screen.queryByText(/initiator information/)).toBeNull();
  });
});

describe('account and profile in Kiswahili', () => {
  it('shows the menu, the balance, the deposits and the profile form in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    localStorage.setItem('authorized', 'true');
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      return emptyPage;
    });
    const { unmount } = renderApp(app, '/account');
    expect(await screen.findByText(/^Salio · mwanachama tangu/)).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Akaunti' });
    for (const name of ['Wasifu', 'Kikapu', 'Orodha yako', 'Pesa ulizoweka', 'Mipangilio ya akaunti', 'Weka pesa']) expect(menu).toContainElement(screen.getByRole('link', { name }));
    expect(screen.getByRole('button', { name: 'Toka' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Pesa ulizoweka' }));
    expect(await screen.findByText('imekamilika')).toBeInTheDocument();
    expect(screen.getByText('imeshindwa')).toBeInTheDocument();
    expect(screen.getByText(/· risiti QKA1B2C3D4/)).toBeInTheDocument();
    // A wrong PIN in the store's Kiswahili, never M-Pesa's English ("The initiator information is invalid.").
    expect(screen.getByText(/PIN ya M-Pesa haikuwa sahihi\. Hakuna pesa iliyokatwa/)).toBeInTheDocument();
    expect(screen.queryByText(/initiator|PIN was wrong/)).toBeNull();
    unmount();

    renderApp(app, '/profile?edit=1');
    expect(await screen.findByRole('form', { name: 'Badilisha wasifu' })).toBeInTheDocument();
    expect(screen.getByLabelText('Namba ya simu', { exact: false })).toHaveValue('0712345678');
    expect(screen.getByText('Jina la mtumiaji haliwezi kubadilishwa.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chagua picha ya wasifu' })).toBeInTheDocument();
    // No bar of its own (issue 32 item 26): the store's one navigation, in the layout, reaches the rest.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(untranslated()).toEqual([]);
  });
});

describe('your list under the family lock', () => {
  it('leaves 16 and 18 out while the lock is on, says how many, and shows them once this phone is unlocked', async () => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '1');
    localStorage.setItem('familyLock:1', JSON.stringify({ on: true }));
    const owned = [
      { video_id: 3, video_name: 'Nairobi Heist', price: 70, purchase_time: '2026-11-21T09:30:15Z', rating: 'PG' },
      { video_id: 4, video_name: 'Zombie Harvest', price: 200, purchase_time: '2026-11-20T09:30:15Z', rating: '18' },
    ];
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return { ...info, purchase: owned };
      return emptyPage;
    });
    const first = renderApp(app, '/account?section=list');
    expect(await screen.findByRole('link', { name: 'Nairobi Heist' })).toBeInTheDocument();
    expect(screen.queryByText('Zombie Harvest')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('1 video rated 16 or 18 is hidden while the family lock is on.Enter PIN');
    first.unmount();

    // Unlocked on this phone (the PIN answered): the list is whole, with no note.
    localStorage.setItem('familyLock:1', JSON.stringify({ on: true, unlock: { value: 'u', until: Date.now() + 3600_000 } }));
    renderApp(app, '/account?section=list');
    expect(await screen.findByRole('link', { name: 'Zombie Harvest' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('puts a chosen section before the menu on a phone, and the menu first when none is chosen', async () => {
    localStorage.setItem('authorized', 'true');
    mockApi((url) => (url.pathname === '/api/token/refresh/' ? { access: 'a', refresh: 'r' } : url.pathname === '/api/info/' ? info : emptyPage));
    const menuFirst = () => Boolean(screen.getByRole('navigation', { name: 'Account' }).compareDocumentPosition(screen.getByRole('heading', { level: 2 })) & Node.DOCUMENT_POSITION_FOLLOWING);
    renderApp(app, '/account?section=deposits');
    await screen.findByRole('heading', { name: 'Deposit History' });
    // On a phone's single column the section is read (and shown) before the menu's links.
    expect(menuFirst()).toBe(false);
    cleanup();
    renderApp(app, '/account');
    await screen.findByRole('heading', { name: 'amina' });
    expect(menuFirst()).toBe(true);
  });

  it('leaves its own menu out when the sidebar beside it already lists the account, and keeps Signout (issue 32 item 26)', async () => {
    localStorage.setItem('authorized', 'true');
    mockApi((url) => (url.pathname === '/api/token/refresh/' ? { access: 'a', refresh: 'r' } : url.pathname === '/api/info/' ? info : emptyPage));
    renderApp(
      <SidebarShown.Provider value={true}>{app}</SidebarShown.Provider>,
      '/account?section=deposits',
    );
    await screen.findByRole('heading', { name: 'Deposit History' });
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Your List' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Signout' })).toBeTruthy();
  });
});
