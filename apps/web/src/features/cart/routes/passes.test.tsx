import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CustomerPass, PassProduct, PassRenewal } from '@store/contract';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import PassesScreen from './passes.tsx';

const HOUR = 3_600_000;
const info = { user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: '254712000111', account: 500, country: 'Kenya', city: '', profile_pic: null } }, deposit_history: [], purchase: [] };
const products: PassProduct[] = [
  { id: 1, title: 'DJ Afro day pass', scope: { kind: 'dj', value: 4, name: 'Afro' }, hours: 24, price: 20, active: true, video_count: 40 },
  { id: 2, title: 'Week of everything', scope: { kind: 'all', value: null, name: null }, hours: 168, price: 150, active: true, video_count: 312 },
  { id: 3, title: 'Month of everything', scope: { kind: 'all', value: null, name: null }, hours: 720, price: 450, active: true, video_count: 312 },
];
const mine = (renewal: PassRenewal): CustomerPass[] => [
  // 2 days and a bit left: "Ends in 2 days".
  { id: 9, pass_id: 2, title: 'Week of everything', scope: { kind: 'all', value: null, name: null }, starts_at: new Date(Date.now() - 100 * HOUR).toISOString(), ends_at: new Date(Date.now() + 50 * HOUR).toISOString(), live: true, renewal, price: 150, hours: 168 },
  { id: 7, pass_id: 1, title: 'DJ Afro day pass', scope: { kind: 'dj', value: 4, name: 'Afro' }, starts_at: '2026-11-01T08:00:00Z', ends_at: '2026-11-02T08:00:00Z', live: false, renewal: 'off', price: 20, hours: 24 },
];

/** A signed-in customer's API; the server's renewal changes with each PUT. */
function show() {
  localStorage.setItem('authorized', 'true');
  const server = { renewal: 'off' as PassRenewal, reads: 0 };
  const fetchMock = mockApi((url, init) => {
    if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
    if (url.pathname === '/api/info/') return info;
    if (url.pathname === '/api/passes/') return products;
    if (url.pathname === '/api/gifts/' && init?.method === 'POST') return { gift: {}, total: 150, balance: 350 };
    if (url.pathname === '/api/passes/mine/') {
      server.reads++;
      return mine(server.renewal);
    }
    if (url.pathname === '/api/passes/mine/9/renewal' && init?.method === 'PUT') {
      server.renewal = (JSON.parse(String(init.body)) as { renewal: PassRenewal }).renewal;
      return mine(server.renewal)[0];
    }
    return emptyPage;
  });
  renderApp(
    <Routes>
      <Route path="/passes" element={<PassesScreen />} />
    </Routes>,
    '/passes',
  );
  return { fetchMock, server };
}

describe('the Passes page', () => {
  it('lists each pass: what it covers, how long, the price and how many videos; the live pass first with its time left', async () => {
    show();
    const onSale = await screen.findByRole('list', { name: 'Passes on sale' });
    expect(within(onSale).getAllByTestId('pass-product').map((p) => p.textContent)).toEqual([
      'DJ Afro day passDJ Afro · 1 dayKsh 20Watch 40 videosBuy · Ksh 20Give as a gift',
      'Week of everythingEverything · 7 daysKsh 150Watch 312 videosBuy · Ksh 150Give as a gift',
      'Month of everythingEverything · 30 daysKsh 450Watch 312 videosBuy · Ksh 450Give as a gift',
    ]);
    const live = await screen.findByRole('region', { name: 'Your live passes' });
    // Only the live one: the ended day pass is the account's to show.
    expect(within(live).getAllByTestId('my-pass')).toHaveLength(1);
    expect(within(live).getByTestId('my-pass')).toHaveTextContent('Week of everything');
    expect(within(live).getByTestId('pass-time-left')).toHaveTextContent('Ends in 2 days');
    expect(within(live).getByRole('switch', { name: 'Renew: Ksh 150 for 7 days' })).not.toBeChecked();
    // The live pass comes before the passes on sale.
    expect(live.compareDocumentPosition(onSale) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('gives a pass as a gift from its card: the recipient’s phone and words, paid from the balance, sent as pass_id', async () => {
    const { fetchMock } = show();
    const onSale = await screen.findByRole('list', { name: 'Passes on sale' });
    fireEvent.click(within(within(onSale).getAllByTestId('pass-product')[1]!).getByRole('button', { name: 'Give as a gift' }));
    // The dialog's code loads on first use.
    const dialog = await screen.findByRole('dialog', { name: 'Give as a gift' }, { timeout: 5000 });
    await within(dialog).findByText('Your balance: Ksh 500');
    fireEvent.change(within(dialog).getByLabelText(/Their phone number/), { target: { value: '0722 000 111' } });
    fireEvent.change(within(dialog).getByLabelText('Your message (optional)'), { target: { value: 'Tazama wiki nzima!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 150' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => new URL(String(u), 'http://x').pathname === '/api/gifts/')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([u]) => new URL(String(u), 'http://x').pathname === '/api/gifts/')!;
    expect(JSON.parse(String(init!.body))).toEqual({ pass_id: 2, to_phone: '0722 000 111', message: 'Tazama wiki nzima!' });
  });

  it('says it all in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    show();
    const onSale = await screen.findByRole('list', { name: 'Pasi zinazouzwa' });
    expect(within(onSale).getAllByTestId('pass-product')[0]).toHaveTextContent('DJ Afro · siku 1Ksh 20Tazama video 40Nunua · Ksh 20');
    expect(within(onSale).getAllByTestId('pass-product')[2]).toHaveTextContent('Kila kitu · siku 30');
    const live = await screen.findByRole('region', { name: 'Pasi zako zinazoendelea' });
    expect(await within(live).findByTestId('pass-time-left')).toHaveTextContent('Inaisha baada ya siku 2');
    expect(untranslated()).toEqual([]);
  });

  it('turns renewal on with one tap (a prompt on the last day), offers the standing order, and off with one tap: each a PUT, then the list read again', async () => {
    const { fetchMock, server } = show();
    const live = await screen.findByRole('region', { name: 'Your live passes' });
    const renew = await within(live).findByRole('switch', { name: 'Renew: Ksh 150 for 7 days' });
    const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([u, init]) => [new URL(String(u), 'http://s').pathname, JSON.parse(String(init!.body))]);
    const readsBefore = server.reads;

    fireEvent.click(renew);
    await waitFor(() => expect(puts()).toEqual([['/api/passes/mine/9/renewal', { renewal: 'prompt' }]]));
    await waitFor(() => expect(server.reads).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(within(live).getByRole('switch', { name: 'Renew: Ksh 150 for 7 days' })).toBeChecked());
    expect(within(live).getByRole('radio', { name: 'Remind me, then one M-Pesa prompt on the last day' })).toBeChecked();
    // The standing order, explained in one line.
    const standing = within(live).getByRole('radio', { name: /^Standing order/ });
    expect(standing).toHaveAccessibleName('Standing order M-Pesa Ratiba: you approve once with your PIN');
    fireEvent.click(standing);
    await waitFor(() => expect(puts().at(-1)).toEqual(['/api/passes/mine/9/renewal', { renewal: 'standing_order' }]));
    await waitFor(() => expect(within(live).getByRole('radio', { name: /^Standing order/ })).toBeChecked());

    const readsBeforeOff = server.reads;
    fireEvent.click(within(live).getByRole('switch', { name: 'Renew: Ksh 150 for 7 days' }));
    await waitFor(() => expect(puts().at(-1)).toEqual(['/api/passes/mine/9/renewal', { renewal: 'off' }]));
    await waitFor(() => expect(server.reads).toBeGreaterThan(readsBeforeOff));
    await waitFor(() => expect(within(live).getByRole('switch', { name: 'Renew: Ksh 150 for 7 days' })).not.toBeChecked());
    expect(within(live).queryByRole('radio')).toBeNull();
    expect(puts()).toHaveLength(3);
  });
});
