import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { BuyDialog, type PurchaseDone } from './buy-dialog.tsx';

const info = (account: number, phone: string | null = '254712000111') => ({ user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: phone, account, country: 'Kenya', city: '', profile_pic: null } }, deposit_history: [], purchase: [] });
type Answer = (url: URL, init?: RequestInit) => unknown;
/** A signed-in customer's API: the token, their balance, and what the test answers besides. */
const signedInApi = (balance: number, answer: Answer) => {
  localStorage.setItem('authorized', 'true');
  const server = { balance };
  return mockApi((url, init) => {
    if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
    if (url.pathname === '/api/info/') return info(server.balance);
    const out = answer(url, init) ?? emptyPage;
    // A payment's new balance is the server's from then on.
    if (init?.method === 'POST' && out && typeof out === 'object' && 'balance' in out && typeof out.balance === 'number') server.balance = out.balance;
    return out;
  });
};
const callTo = (fetchMock: ReturnType<typeof mockApi>, path: string) => fetchMock.mock.calls.find(([u, init]) => new URL(String(u), 'http://s').pathname === path && init?.method === 'POST');
const bodyOf = (fetchMock: ReturnType<typeof mockApi>, path: string) => JSON.parse(String(callTo(fetchMock, path)![1]!.body)) as Record<string, unknown>;
const keyOf = (fetchMock: ReturnType<typeof mockApi>, path: string) => (callTo(fetchMock, path)![1]!.headers as Record<string, string>)['idempotency-key'];

const items = [{ video_id: 1, price: 200, video_name: 'Nairobi Heist' }];
const showDialog = (props: Partial<Parameters<typeof BuyDialog>[0]> = {}, onBought: (d: PurchaseDone) => void = () => undefined) =>
  renderApp(<BuyDialog open items={items} returnTo="/video/1?buy=1" onClose={() => undefined} onBought={onBought} {...props} />, '/video/1');
const preview = (total_after: number) => ({ code: 'RADIO50', discount: 200 - total_after, total_before: 200, total_after });

describe('a promo code in the buy dialog', () => {
  it('shows the new total before paying and sends the code with the payment', async () => {
    const fetchMock = signedInApi(0, (url) => {
      if (url.pathname === '/api/promo-codes/RADIO50/') return preview(150);
      if (url.pathname === '/api/purchased/') return { CheckoutRequestID: 'ws_CO_1', amount: 150, CustomerMessage: '', deposit: { checkout_request_id: 'ws_CO_1', amount: 150, phone_number: '254712000111', state: 'pending', result_code: null, result_desc: null, outcome: 'waiting', receipt: null, time: '2026-11-22T10:00:00Z', balance: null, message: 'Waiting', purchase: { state: 'pending', video_ids: [1], detail: null } }, simulator_phone: null };
    });
    showDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Ksh 200 with M-Pesa' }).then(() => screen.getByRole('button', { name: 'Have a code?' })));
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'RADIO50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('RADIO50: Ksh 50 off. New total Ksh 150.')).toBeInTheDocument();
    const asked = fetchMock.mock.calls.find(([u]) => String(u).includes('/promo-codes/'))!;
    expect(new URL(String(asked[0]), 'http://s').searchParams.get('video_ids')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Pay Ksh 150 with M-Pesa' }));
    expect(await screen.findByText('Check your phone')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/purchased/')).toEqual({ video_id: 1, phone_number: '0712000111', promo_code: 'RADIO50' });
  });

  it('says in the server’s one sentence why a code does not apply, and the total stays', async () => {
    signedInApi(0, (url) => (url.pathname === '/api/promo-codes/OLD10/' ? new Response(JSON.stringify({ promo_code: ['This code has expired.'] }), { status: 400, headers: { 'content-type': 'application/json' } }) : undefined));
    showDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Have a code?' }));
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'OLD10' } });
    fireEvent.keyDown(screen.getByLabelText('Promo code'), { key: 'Enter' });
    expect(await screen.findByText('This code has expired.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Ksh 200 with M-Pesa' })).toBeInTheDocument();
  });

  it('says why when a code applied no longer holds at payment (used up meanwhile), and nothing is bought', async () => {
    const onBought = vi.fn();
    signedInApi(1000, (url) => {
      if (url.pathname === '/api/promo-codes/RADIO50/') return preview(150);
      if (url.pathname === '/api/purchased/') return new Response(JSON.stringify({ promo_code: ['This code has been used up.'] }), { status: 400, headers: { 'content-type': 'application/json' } });
    });
    showDialog({}, onBought);
    fireEvent.click(await screen.findByRole('button', { name: 'Have a code?' }));
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'RADIO50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('RADIO50: Ksh 50 off. New total Ksh 150.');
    fireEvent.click(screen.getByRole('button', { name: 'Pay Ksh 150' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code has been used up.');
    expect(onBought).not.toHaveBeenCalled();
  });

  it('buys without M-Pesa when a code brings the total to 0', async () => {
    const onBought = vi.fn();
    const fetchMock = signedInApi(0, (url) => {
      if (url.pathname === '/api/promo-codes/RADIO50/') return preview(0);
      if (url.pathname === '/api/purchased/') return { purchases: [], total: 0, balance: 0 };
    });
    showDialog({}, onBought);
    fireEvent.click(await screen.findByRole('button', { name: 'Have a code?' }));
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'RADIO50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('RADIO50: Ksh 200 off. New total Ksh 0.');
    expect(screen.queryByLabelText(/M-Pesa phone number/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay Ksh 0' }));
    await vi.waitFor(() => expect(onBought).toHaveBeenCalledWith(expect.objectContaining({ total: 0, receipt: null, kind: 'purchase' })));
    expect(bodyOf(fetchMock, '/api/purchased/')).toEqual({ video_id: 1, promo_code: 'RADIO50' });
  });
});

describe('giving as a gift', () => {
  it('asks for the recipient’s phone and a message and pays for the gift like a purchase', async () => {
    const onBought = vi.fn();
    const fetchMock = signedInApi(1000, (url) => (url.pathname === '/api/gifts/' ? { gift: {}, total: 200, balance: 800 } : undefined));
    showDialog({ gift: true }, onBought);
    const dialog = await screen.findByRole('dialog', { name: 'Give as a gift' });
    await within(dialog).findByText('Your balance: Ksh 1,000');
    fireEvent.change(within(dialog).getByLabelText(/Their phone number/), { target: { value: '0722 000 111' } });
    fireEvent.change(within(dialog).getByLabelText('Your message (optional)'), { target: { value: 'Happy birthday!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 200' }));
    await vi.waitFor(() => expect(onBought).toHaveBeenCalledWith(expect.objectContaining({ kind: 'gift', total: 200, balance: 800 })));
    expect(bodyOf(fetchMock, '/api/gifts/')).toEqual({ video_ids: [1], to_phone: '0722 000 111', message: 'Happy birthday!' });
    expect(keyOf(fetchMock, '/api/gifts/')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a gift to an e-mail address instead, and checks it with the contract’s words before sending', async () => {
    const fetchMock = signedInApi(1000, (url) => (url.pathname === '/api/gifts/' ? { gift: {}, total: 200, balance: 800 } : undefined));
    showDialog({ gift: true });
    const dialog = await screen.findByRole('dialog', { name: 'Give as a gift' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Their e-mail' }));
    fireEvent.change(within(dialog).getByLabelText(/Their e-mail address/), { target: { value: 'nope' } });
    await within(dialog).findByText('Your balance: Ksh 1,000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 200' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(callTo(fetchMock, '/api/gifts/')).toBeUndefined();
    fireEvent.change(within(dialog).getByLabelText(/Their e-mail address/), { target: { value: 'baraka@example.co.ke' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 200' }));
    await vi.waitFor(() => expect(bodyOf(fetchMock, '/api/gifts/')).toEqual({ video_ids: [1], to_email: 'baraka@example.co.ke', message: '' }));
  });

  it('gives in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    signedInApi(1000, () => undefined);
    showDialog({ gift: true });
    const dialog = await screen.findByRole('dialog', { name: 'Toa kama zawadi' });
    expect(within(dialog).getByLabelText(/Namba ya simu ya mpokeaji/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Una msimbo?' })).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });
});
