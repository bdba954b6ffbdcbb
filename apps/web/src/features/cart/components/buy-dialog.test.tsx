import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { BuyDialog } from './buy-dialog.tsx';

const info = (account: number) => ({ user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: null, account, country: 'Kenya', city: '', profile_pic: null } }, deposit_history: [], purchase: [] });
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
const ui = (
  <Routes>
    <Route path="/video/1" element={<BuyDialog open items={[{ video_id: 1, price: 150 }, { video_id: 2, price: 100 }]} onClose={() => undefined} onBought={() => undefined} />} />
    <Route path="*" element={<Where />} />
  </Routes>
);

describe('the purchase confirmation', () => {
  it('shows count, total and balance, and sends a short balance to /deposit without buying', async () => {
    localStorage.setItem('authorized', 'true');
    const fetchMock = mockApi((url) => (url.pathname === '/api/token/refresh/' ? { access: 'a', refresh: 'r' } : url.pathname === '/api/info/' ? info(200) : emptyPage));
    renderApp(ui, '/video/1');
    expect(screen.getByText(/2 videos · total/)).toHaveTextContent('2 videos · total Ksh 250');
    expect(await screen.findByText('Your balance: Ksh 200')).toBeInTheDocument();
    expect(screen.getByText('Your balance is too low. Deposit Ksh 50 or more with M-Pesa first.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/deposit');
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/checkout/'))).toBe(false);
  });

  it('pays with an Idempotency-Key when the balance covers the total', async () => {
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
    renderApp(ui, '/video/1');
    await screen.findByText('Your balance: Ksh 1,000');
    fireEvent.click(screen.getByRole('button', { name: 'Pay Ksh 250' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/checkout/')).toBe(true));
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/checkout/')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ video_ids: [1, 2] });
    expect((call[1]!.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await vi.waitFor(() => expect(localStorage.getItem('balance')).toBe('750'));
  });
});
