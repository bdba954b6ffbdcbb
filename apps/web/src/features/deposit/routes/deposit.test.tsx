import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import DepositScreen from './deposit.tsx';

const info = { user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: '254712345678', account: 0, country: 'Kenya', city: '', profile_pic: null } }, deposit_history: [], purchase: [] };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const screenUnderTest = (
  <Routes>
    <Route path="/deposit" element={<DepositScreen />} />
  </Routes>
);

afterEach(() => vi.useRealTimers());

describe('deposit page', () => {
  it('starts from what a purchase owes with the customer’s phone, sends the seed’s fields, shows the PIN hint for 7 s and waits with Deposit off', async () => {
    localStorage.setItem('authorized', 'true');
    const fetchMock = mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/deposit/') return { success: true, CheckoutRequestID: 'ws_CO_1', CustomerMessage: 'x', deposit: {}, simulator_phone: '/mpesa-sim/phone' };
      if (url.pathname === '/api/deposit/ws_CO_1/') return { state: 'pending', amount: 70, balance: null };
      return emptyPage;
    });
    renderApp(screenUnderTest, `/deposit?amount=70&next=${encodeURIComponent('/video/3?buy=1')}`);
    const amount = screen.getByLabelText('Amount', { exact: false });
    expect(amount).toHaveValue(70);
    expect(await screen.findByDisplayValue('0712345678')).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('Enter your M-Pesa PIN to complete transaction.')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([u]) => String(u) === '/api/deposit/')!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ amount: 70, phone_number: '0712345678', username: 7 });
    expect(screen.getByRole('link', { name: 'open the simulated M-Pesa phone' })).toHaveAttribute('href', '/mpesa-sim/phone');
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeDisabled();
    await act(async () => void vi.advanceTimersByTime(6900));
    expect(screen.getByText('Enter your M-Pesa PIN to complete transaction.')).toBeInTheDocument();
    await act(async () => void vi.advanceTimersByTime(200));
    expect(screen.queryByText('Enter your M-Pesa PIN to complete transaction.')).not.toBeInTheDocument();
  });

  it('says a wrong PIN plainly, and once paid leads back to the purchase', async () => {
    localStorage.setItem('authorized', 'true');
    let attempt = 0;
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/deposit/') return { success: true, CheckoutRequestID: `ws_CO_${++attempt}`, CustomerMessage: 'x', deposit: {}, simulator_phone: null };
      if (url.pathname === '/api/deposit/ws_CO_1/') return { state: 'failed', amount: 70, balance: null, result_code: '2001', result_desc: 'The initiator information is invalid.', outcome: 'wrong_pin', message: 'The M-Pesa PIN was wrong. Nothing was charged: try again and enter your PIN carefully.' };
      if (url.pathname === '/api/deposit/ws_CO_2/') return { state: 'completed', amount: 70, balance: 70, receipt: 'QKA1B2C3D4', outcome: 'paid', message: 'Paid with M-Pesa.' };
      return emptyPage;
    });
    renderApp(screenUnderTest, `/deposit?amount=70&next=${encodeURIComponent('/video/3?buy=1')}`);
    await screen.findByDisplayValue('0712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText(/The M-Pesa PIN was wrong/)).toBeInTheDocument();
    expect(screen.queryByText('The initiator information is invalid.')).toBeNull();
    // One tap sends the prompt again, to the same phone for the same amount.
    fireEvent.click(screen.getByRole('button', { name: 'Send the prompt again' }));
    expect(await screen.findByText(/M-Pesa receipt QKA1B2C3D4/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/video/3?buy=1');
  });

  it('shows the seed’s error when M-Pesa refuses, and field errors beside their fields', async () => {
    localStorage.setItem('authorized', 'true');
    let attempt = 0;
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/deposit/') return ++attempt === 1 ? json({ phone_number: ['Enter a Kenyan mobile number, e.g. 0712 345 678.'] }, 400) : json({ success: false, detail: 'M-Pesa is busy; try again in a minute' }, 502);
      return emptyPage;
    });
    renderApp(screenUnderTest, '/deposit');
    await screen.findByDisplayValue('0712345678');
    fireEvent.change(screen.getByLabelText('Amount', { exact: false }), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('Enter a Kenyan mobile number, e.g. 0712 345 678.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('Error! processing transaction. Try again.')).toBeInTheDocument();
    expect(screen.getByText('M-Pesa is busy; try again in a minute')).toBeInTheDocument();
  });
});


describe('deposit page when a prompt goes unanswered or a phone has had too many', () => {
  it('says the prompt expired and sends it again with one tap, the same amount to the same phone', async () => {
    localStorage.setItem('authorized', 'true');
    let attempt = 0;
    const fetchMock = mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/deposit/') return { success: true, CheckoutRequestID: `ws_CO_${++attempt}`, CustomerMessage: 'x', deposit: {}, simulator_phone: null };
      if (url.pathname === '/api/deposit/ws_CO_1/') return { state: 'failed', amount: 70, balance: null, result_code: '1037', result_desc: 'DS timeout user cannot be reached', outcome: 'expired', message: 'x' };
      if (url.pathname === '/api/deposit/ws_CO_2/') return { state: 'pending', amount: 70, balance: null, outcome: 'waiting', message: 'x' };
      return emptyPage;
    });
    renderApp(screenUnderTest, '/deposit?amount=70');
    await screen.findByDisplayValue('0712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText(/^The M-Pesa prompt expired before a PIN was entered\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send the prompt again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Waiting for M-Pesa');
    const sent = fetchMock.mock.calls.filter(([u]) => String(u) === '/api/deposit/').map(([, init]) => JSON.parse(String(init!.body)) as unknown);
    expect(sent).toEqual([
      { amount: 70, phone_number: '0712345678', username: 7 },
      { amount: 70, phone_number: '0712345678', username: 7 },
    ]);
  });

  it('says in how many minutes the phone can have another prompt (429 with Retry-After), in either language', async () => {
    localStorage.setItem('authorized', 'true');
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/deposit/') return new Response(JSON.stringify({ detail: 'Too many M-Pesa prompts were sent to this phone. Try again in 7 minutes.' }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '401' } });
      return emptyPage;
    });
    renderApp(screenUnderTest, '/deposit?amount=70');
    await screen.findByDisplayValue('0712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('This phone has had as many M-Pesa prompts as it may have for now. Try again in 7 minutes.')).toBeInTheDocument();
    expect(screen.queryByText('Error! processing transaction. Try again.')).toBeNull();
  });
});

describe('deposit page in Kiswahili', () => {
  it('says a wrong PIN and an expired prompt in Kiswahili, whatever language the answer came in, and the wait after too many prompts', async () => {
    const untranslated = speakKiswahili();
    localStorage.setItem('authorized', 'true');
    let attempt = 0;
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/deposit/') {
        if (++attempt === 3) return new Response(JSON.stringify({ detail: 'x' }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '60' } });
        return { success: true, CheckoutRequestID: `ws_CO_${attempt}`, CustomerMessage: 'x', deposit: {}, simulator_phone: null };
      }
      if (url.pathname === '/api/deposit/ws_CO_1/') return { state: 'failed', amount: 70, balance: null, result_code: '2001', result_desc: 'The initiator information is invalid.', outcome: 'wrong_pin', message: 'The M-Pesa PIN was wrong. Nothing was charged: try again and enter your PIN carefully.' };
      if (url.pathname === '/api/deposit/ws_CO_2/') return { state: 'failed', amount: 70, balance: null, result_code: '1037', result_desc: 'DS timeout user cannot be reached', outcome: 'expired', message: 'x' };
      return emptyPage;
    });
    renderApp(screenUnderTest, '/deposit?amount=70');
    await screen.findByDisplayValue('0712345678');
    fireEvent.click(screen.getByRole('button', { name: 'Weka pesa' }));
    expect(await screen.findByText('PIN ya M-Pesa haikuwa sahihi. Hakuna pesa iliyokatwa: jaribu tena na uweke PIN yako kwa makini.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tuma ombi tena' }));
    expect(await screen.findByText(/^Muda wa ombi la M-Pesa uliisha kabla ya kuweka PIN\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tuma ombi tena' }));
    expect(await screen.findByText('Simu hii imepokea maombi yote ya M-Pesa inayoruhusiwa kwa sasa. Jaribu tena baada ya dakika 1.')).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });


  it('explains the steps, asks for the PIN and says what M-Pesa answered, in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    localStorage.setItem('authorized', 'true');
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/deposit/') return { success: true, CheckoutRequestID: 'ws_CO_1', CustomerMessage: 'x', deposit: {}, simulator_phone: null };
      if (url.pathname === '/api/deposit/ws_CO_1/') return { state: 'completed', amount: 70, balance: 1070, receipt: 'QKA1B2C3D4', message: 'Umelipa kwa M-Pesa.' };
      return emptyPage;
    });
    renderApp(screenUnderTest, `/deposit?amount=70&next=${encodeURIComponent('/video/3?buy=1')}`);
    expect(screen.getByRole('heading', { name: 'Weka pesa' })).toBeInTheDocument();
    expect(screen.getByText('Andika kiasi kwa Ksh, kuanzia 1 hadi 250,000.')).toBeInTheDocument();
    expect(screen.getByLabelText('Kiasi', { exact: false })).toHaveValue(70);
    expect(await screen.findByDisplayValue('0712345678')).toBeInTheDocument();
    expect(screen.getByLabelText('Namba ya simu ya M-Pesa', { exact: false })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Weka pesa' }));
    expect(await screen.findByText('Weka PIN yako ya M-Pesa ili kukamilisha malipo.')).toBeInTheDocument();
    expect(await screen.findByText(/Umeweka Ksh 70 \(risiti ya M-Pesa QKA1B2C3D4\)\. Salio lako sasa ni/)).toHaveTextContent('Salio lako sasa ni Ksh 1,070.');
    expect(screen.getByRole('link', { name: 'Endelea' })).toHaveAttribute('href', '/video/3?buy=1');
    expect(screen.getByRole('link', { name: 'Pesa ulizoweka' })).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });

  it('says what is wrong with the amount in Kiswahili before anything is sent', async () => {
    const untranslated = speakKiswahili();
    localStorage.setItem('authorized', 'true');
    const fetchMock = mockApi((url) => (url.pathname === '/api/token/refresh/' ? { access: 'a', refresh: 'r' } : url.pathname === '/api/info/' ? info : emptyPage));
    renderApp(screenUnderTest, '/deposit');
    await screen.findByDisplayValue('0712345678');
    fireEvent.change(screen.getByLabelText('Kiasi', { exact: false }), { target: { value: '300000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Weka pesa' }));
    expect(await screen.findByText('Hakikisha kiasi hiki hakizidi 250,000.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/deposit/')).toBe(false);
    expect(untranslated()).toEqual([]);
  });
});
