import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
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
  it('starts at 1 Ksh with the customer’s phone, sends the seed’s fields and shows the PIN hint for 7 s', async () => {
    localStorage.setItem('authorized', 'true');
    const fetchMock = mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/deposit/') return { success: true, CheckoutRequestID: 'ws_CO_1', CustomerMessage: 'x', deposit: {}, simulator_phone: '/mpesa-sim/phone' };
      if (url.pathname === '/api/deposit/ws_CO_1/') return { state: 'pending', amount: 1, balance: null };
      return emptyPage;
    });
    renderApp(screenUnderTest, '/deposit');
    const amount = screen.getByLabelText('Amount', { exact: false });
    expect(amount).toHaveValue(1);
    expect(await screen.findByDisplayValue('0712345678')).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('Enter your M-Pesa PIN to complete transaction.')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([u]) => String(u) === '/api/deposit/')!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ amount: 1, phone_number: '0712345678', username: 7 });
    expect(screen.getByRole('link', { name: 'open the simulated M-Pesa phone' })).toHaveAttribute('href', '/mpesa-sim/phone');
    await act(async () => void vi.advanceTimersByTime(6900));
    expect(screen.getByText('Enter your M-Pesa PIN to complete transaction.')).toBeInTheDocument();
    await act(async () => void vi.advanceTimersByTime(200));
    expect(screen.queryByText('Enter your M-Pesa PIN to complete transaction.')).not.toBeInTheDocument();
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
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('Enter a Kenyan mobile number, e.g. 0712 345 678.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('Error! processing transaction. Try again.')).toBeInTheDocument();
    expect(screen.getByText('M-Pesa is busy; try again in a minute')).toBeInTheDocument();
  });
});
