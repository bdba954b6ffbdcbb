import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { BuyDialog, type PurchaseDone } from './buy-dialog.tsx';

const info = (account: number, phone: string | null = null) => ({ user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: phone, account, country: 'Kenya', city: '', profile_pic: null } }, deposit_history: [], purchase: [] });
const items = [
  { video_id: 1, price: 150, video_name: 'Nairobi Heist' },
  { video_id: 2, price: 100, video_name: 'Boda Boda Kings' },
];
const OUTCOME = { pending: 'waiting', completed: 'paid', failed: 'wrong_pin' } as Record<string, string>;
const deposit = (state: string, purchase: string, outcome = OUTCOME[state]) => ({ checkout_request_id: 'ws_CO_1', amount: 50, phone_number: '254712000111', state, result_code: null, result_desc: null, outcome, receipt: state === 'completed' ? 'QKA1B2C3D4' : null, time: '2026-11-22T10:00:00Z', balance: state === 'completed' ? 0 : null, message: state === 'failed' ? 'The M-Pesa PIN was wrong. Nothing was charged: try again and enter your PIN carefully.' : 'Waiting', purchase: { state: purchase, video_ids: [1, 2], detail: purchase === 'failed' ? 'Nothing was bought because the payment did not go through.' : null } });
// An access token whose `sub` names account 9 (only its payload is read in the browser).
const visitorLogin = { is_staff: false, tokens: { access: `h.${btoa(JSON.stringify({ sub: '9' }))}.s`, refresh: 'r' }, username: 'c254712000222', purchase: [1, 2].map((video_id) => ({ video_id, video_name: `Video ${video_id}`, price: 100, date: '2026-11-28T04:00:00Z', rating: 'GE' })), profile: { profile_pic: null, language: null } };
const bodyOf = (fetchMock: ReturnType<typeof mockApi>, path: string) => JSON.parse(String(fetchMock.mock.calls.find(([u]) => String(u) === path)![1]!.body)) as Record<string, unknown>;
const show = (onBought: (d: PurchaseDone) => void) => renderApp(<BuyDialog open items={items} returnTo="/cart?checkout=1" onClose={() => undefined} onBought={onBought} />, '/cart');

describe('the purchase dialog', () => {
  it('pays from the balance with an Idempotency-Key when it covers the total', async () => {
    localStorage.setItem('authorized', 'true');
    let account = 1000; // the server's balance, as the mocked API keeps it
    const fetchMock = mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info(account);
      if (url.pathname === '/api/checkout/') {
        account = 750;
        return { purchases: [], total: 250, balance: 750 };
      }
      return emptyPage;
    });
    const onBought = vi.fn();
    show(onBought);
    expect(screen.getByText(/2 videos · total/)).toHaveTextContent('2 videos · total Ksh 250');
    await screen.findByText('Your balance: Ksh 1,000');
    expect(screen.queryByLabelText(/M-Pesa phone number/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay Ksh 250' }));
    await vi.waitFor(() => expect(onBought).toHaveBeenCalledWith({ items, total: 250, receipt: null, balance: 750, kind: 'purchase' }));
    expect(bodyOf(fetchMock, '/api/checkout/')).toEqual({ video_ids: [1, 2] });
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/checkout/')!;
    expect((call[1]!.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('balance')).toBe('750');
  });

  it('asks M-Pesa for the shortfall with the profile phone, follows the prompt live, and ends with the receipt', async () => {
    localStorage.setItem('authorized', 'true');
    let paid = false;
    const fetchMock = mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info(200, '254712000111');
      if (url.pathname === '/api/checkout/') return { CheckoutRequestID: 'ws_CO_1', amount: 50, CustomerMessage: 'Enter your M-Pesa PIN to complete transaction.', deposit: deposit('pending', 'pending'), simulator_phone: null };
      if (url.pathname === '/api/deposit/ws_CO_1/') return paid ? deposit('completed', 'completed') : deposit('pending', 'pending');
      return emptyPage;
    });
    const onBought = vi.fn();
    show(onBought);
    await screen.findByText('Your balance: Ksh 200');
    expect(screen.getByLabelText(/M-Pesa phone number/)).toHaveValue('0712000111');
    fireEvent.click(screen.getByRole('button', { name: 'Pay Ksh 50 with M-Pesa' }));
    expect(await screen.findByText('Check your phone')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/checkout/')).toEqual({ video_ids: [1, 2], phone_number: '0712000111' });
    paid = true;
    await vi.waitFor(() => expect(onBought).toHaveBeenCalledWith({ items, total: 250, receipt: 'QKA1B2C3D4', balance: 0, kind: 'purchase' }), { timeout: 5000 });
    expect(localStorage.getItem('mpesa_phone')).toBe('"0712000111"');
  });

  it('says plainly what went wrong with M-Pesa and tries again with a new prompt', async () => {
    localStorage.setItem('authorized', 'true');
    const keys: string[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info(0, '254712000111');
      if (url.pathname === '/api/checkout/') {
        keys.push((init!.headers as Record<string, string>)['idempotency-key']!);
        return { CheckoutRequestID: 'ws_CO_1', amount: 250, CustomerMessage: '', deposit: deposit('pending', 'pending'), simulator_phone: null };
      }
      if (url.pathname === '/api/deposit/ws_CO_1/') return deposit('failed', 'failed');
      return emptyPage;
    });
    show(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Ksh 250 with M-Pesa' }));
    expect(await screen.findByText(/The M-Pesa PIN was wrong/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send the prompt again' }));
    await vi.waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('says when the prompt expired unanswered and sends it again, as a new attempt to the same phone, in one tap', async () => {
    localStorage.setItem('authorized', 'true');
    const sent: { key: string; body: unknown }[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info(0, '254712000111');
      if (url.pathname === '/api/checkout/') {
        sent.push({ key: (init!.headers as Record<string, string>)['idempotency-key']!, body: JSON.parse(String(init!.body)) });
        return { CheckoutRequestID: `ws_CO_${sent.length}`, amount: 250, CustomerMessage: '', deposit: deposit('pending', 'pending'), simulator_phone: null };
      }
      if (url.pathname === '/api/deposit/ws_CO_1/') return deposit('failed', 'failed', 'expired');
      if (url.pathname === '/api/deposit/ws_CO_2/') return deposit('pending', 'pending');
      return emptyPage;
    });
    show(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Ksh 250 with M-Pesa' }));
    expect(await screen.findByText(/^The M-Pesa prompt expired before a PIN was entered\. Nothing was charged/)).toBeInTheDocument();
    expect(screen.queryByText('Check your phone')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send the prompt again' }));
    expect(await screen.findByText('Check your phone')).toBeInTheDocument();
    expect(sent.map((s) => s.body)).toEqual([
      { video_ids: [1, 2], phone_number: '0712000111' },
      { video_ids: [1, 2], phone_number: '0712000111' },
    ]);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
  });

  it('says when the phone may have another prompt after too many (429), and offers no top-up, which needs a prompt too', async () => {
    localStorage.setItem('authorized', 'true');
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info(100, '254712000111');
      if (url.pathname === '/api/checkout/') return new Response(JSON.stringify({ detail: 'Too many M-Pesa prompts were sent to this phone. Try again in 7 minutes.' }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '420' } });
      return emptyPage;
    });
    show(() => undefined);
    expect(await screen.findByRole('link', { name: 'Top up your balance instead' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Ksh 150 with M-Pesa' }));
    expect(await screen.findByText('This phone has had as many M-Pesa prompts as it may have for now. Try again in 7 minutes.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Top up your balance instead' })).toBeNull();
  });

  it('counts down when the store is briefly away (503) and sends the same payment again under the same key, charged once', async () => {
    localStorage.setItem('authorized', 'true');
    const keys: string[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info(1000);
      if (url.pathname === '/api/checkout/') {
        keys.push((init!.headers as Record<string, string>)['idempotency-key']!);
        if (keys.length === 1) return new Response(JSON.stringify({ detail: 'The store is briefly unavailable. Try again in a moment.' }), { status: 503, headers: { 'retry-after': '2' } });
        return { purchases: [], total: 250, balance: 750 };
      }
      return emptyPage;
    });
    const onBought = vi.fn();
    show(onBought);
    await screen.findByText('Your balance: Ksh 1,000');
    fireEvent.click(screen.getByRole('button', { name: 'Pay Ksh 250' }));
    expect(await screen.findByText('The store is busy for a moment. Try again in 2 s: the same payment, never charged twice.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 4000 }));
    await vi.waitFor(() => expect(onBought).toHaveBeenCalledWith({ items, total: 250, receipt: null, balance: 750, kind: 'purchase' }));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
  it('says why M-Pesa would not send the prompt (502) and makes the next tap a new attempt with a new key', async () => {
    localStorage.setItem('authorized', 'true');
    const keys: string[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info(0, '254712000111');
      if (url.pathname === '/api/checkout/') {
        keys.push((init!.headers as Record<string, string>)['idempotency-key']!);
        if (keys.length === 1) return new Response(JSON.stringify({ detail: 'M-Pesa could not send the prompt to this phone. Nothing was charged: try again.', deposit: deposit('failed', 'failed') }), { status: 502 });
        return { CheckoutRequestID: 'ws_CO_1', amount: 250, CustomerMessage: '', deposit: deposit('pending', 'pending'), simulator_phone: null };
      }
      if (url.pathname === '/api/deposit/ws_CO_1/') return deposit('pending', 'pending');
      return emptyPage;
    });
    show(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay Ksh 250 with M-Pesa' }));
    expect(await screen.findByText('M-Pesa could not send the prompt to this phone. Nothing was charged: try again.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pay Ksh 250 with M-Pesa' }));
    expect(await screen.findByText('Check your phone')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });
  it('lets a visitor pay with only the M-Pesa phone: one prompt for the whole price, then signed in by the paying phone', async () => {
    let paid = false;
    const fetchMock = mockApi((url) => {
      // No token: the same 202 whether or not the number has an account (CONTRACT §16).
      if (url.pathname === '/api/checkout/') return new Response(JSON.stringify({ CheckoutRequestID: 'ws_CO_1', amount: 250, CustomerMessage: '', deposit: deposit('pending', 'pending'), simulator_phone: null }), { status: 202 });
      // The asking browser's first completed answer carries the login of the account the phone named.
      if (url.pathname === '/api/deposit/ws_CO_1/') return paid ? { ...deposit('completed', 'completed'), balance: null, login: visitorLogin } : deposit('pending', 'pending');
      if (url.pathname === '/api/cart/merge/') return { results: [], total: 0 };
      return emptyPage;
    });
    const onBought = vi.fn();
    show(onBought);
    expect(screen.queryByText(/Your balance/)).toBeNull();
    expect(screen.getByText(/^New here\? Only your M-Pesa number/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Email/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/M-Pesa phone number/), { target: { value: '0712 000 222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay Ksh 250 with M-Pesa' }));
    expect(await screen.findByText('Check your phone')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/checkout/')).toEqual({ video_ids: [1, 2], phone_number: '0712 000 222' });
    expect(fetchMock.mock.calls.some(([u]) => /register/.test(String(u)))).toBe(false);
    expect(localStorage.getItem('authorized')).toBeNull();
    paid = true;
    await vi.waitFor(() => expect(onBought).toHaveBeenCalledWith({ items, total: 250, receipt: 'QKA1B2C3D4', balance: null, kind: 'purchase' }), { timeout: 5000 });
    // Signed in before the success screen shows: it can say "Watch now".
    expect(localStorage.getItem('authorized')).toBe('true');
    expect(JSON.parse(localStorage.getItem('ownedVideoIds') ?? '[]')).toEqual(expect.arrayContaining([1, 2]));
  });
  it('checks a visitor’s phone with the contract’s schema before anything is sent, and asks no e-mail', async () => {
    const fetchMock = mockApi(() => emptyPage);
    show(() => undefined);
    fireEvent.change(screen.getByLabelText(/M-Pesa phone number/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay Ksh 250 with M-Pesa' }));
    expect(await screen.findByText('Enter a Kenyan mobile number, e.g. 0712 345 678.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => /register|purchased|checkout/.test(String(u)))).toBe(false);
  });
  it('sends a visitor who gives a gift a sign-in link first (whom it is for is asked once signed in), and charges nothing yet', async () => {
    const fetchMock = mockApi((url) => {
      // The same answer whether or not the e-mail has an account (issue 24 item 13).
      if (url.pathname === '/api/register/quick/') return new Response(JSON.stringify({ detail: 'Check your e-mail: we sent you a link to carry on with your purchase.' }), { status: 202 });
      return emptyPage;
    });
    renderApp(<BuyDialog open gift items={items} returnTo="/cart?checkout=1" onClose={() => undefined} onBought={() => undefined} />, '/cart');
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'wanjiku@example.co.ke' } });
    fireEvent.change(screen.getByLabelText(/M-Pesa phone number/), { target: { value: '0712 000 222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue by e-mail' }));
    expect(await screen.findByText('Check your e-mail')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/register/quick/')).toEqual({ email: 'wanjiku@example.co.ke', phone_number: '0712 000 222', next: '/cart?checkout=1', video_ids: [1, 2] });
    expect(fetchMock.mock.calls.some(([u]) => /checkout|purchased|gifts/.test(String(u)))).toBe(false);
    expect(localStorage.getItem('mpesa_phone')).toBe('"0712 000 222"');
  });
});


describe('the purchase dialog in Kiswahili', () => {
  it('tells a visitor in Kiswahili that the M-Pesa number is all it takes, the amounts in Ksh', async () => {
    const untranslated = speakKiswahili();
    const fetchMock = mockApi((url) => {
      if (url.pathname === '/api/checkout/') return new Response(JSON.stringify({ CheckoutRequestID: 'ws_CO_1', amount: 250, CustomerMessage: '', deposit: deposit('pending', 'pending'), simulator_phone: null }), { status: 202 });
      if (url.pathname === '/api/deposit/ws_CO_1/') return deposit('pending', 'pending');
      return emptyPage;
    });
    show(() => undefined);
    expect(screen.getByRole('dialog', { name: 'Thibitisha ununuzi' })).toHaveTextContent('video 2 · jumla Ksh 250');
    expect(screen.getByText(/^Mgeni hapa\? Namba yako ya M-Pesa tu/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Barua pepe/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Namba ya simu ya M-Pesa/), { target: { value: '0712 000 222' } });
    expect(screen.getByRole('button', { name: 'Ghairi' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Lipa Ksh 250 kwa M-Pesa' }));
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/checkout/')).toEqual({ video_ids: [1, 2], phone_number: '0712 000 222' });
    expect(screen.queryByText(/Check your phone|Confirm purchase/)).toBeNull();
    expect(untranslated()).toEqual([]);
  });
  it('says a wrong PIN in Kiswahili even when the answer came in English, and offers to send the prompt again', async () => {
    const untranslated = speakKiswahili();
    localStorage.setItem('authorized', 'true');
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info(0, '254712000111');
      if (url.pathname === '/api/checkout/') return { CheckoutRequestID: 'ws_CO_1', amount: 250, CustomerMessage: '', deposit: deposit('pending', 'pending'), simulator_phone: null };
      if (url.pathname === '/api/deposit/ws_CO_1/') return deposit('failed', 'failed');
      return emptyPage;
    });
    show(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Lipa Ksh 250 kwa M-Pesa' }));
    expect(await screen.findByText('PIN ya M-Pesa haikuwa sahihi. Hakuna pesa iliyokatwa: jaribu tena na uweke PIN yako kwa makini.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tuma ombi tena' })).toBeInTheDocument();
    expect(screen.queryByText(/PIN was wrong/)).toBeNull();
    expect(untranslated()).toEqual([]);
  });

  it('checks a visitor’s phone with the contract’s words in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    mockApi(() => emptyPage);
    show(() => undefined);
    fireEvent.change(screen.getByLabelText(/Namba ya simu ya M-Pesa/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lipa Ksh 250 kwa M-Pesa' }));
    expect(await screen.findByText(/^Weka namba ya simu ya Kenya/)).toBeInTheDocument();
    expect(screen.queryByText(/Enter a/)).toBeNull();
    expect(untranslated()).toEqual([]);
  });
});
