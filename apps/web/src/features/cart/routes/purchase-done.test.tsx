import { screen } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi, emptyPage, renderApp } from '../../../test/render.tsx';
import type { PurchaseDone } from '../components/buy-dialog.tsx';
import PurchaseDoneScreen from './purchase-done.tsx';

/** Arrives at /purchase/done as the dialog sends a customer there, with what was paid for. */
function Arrive({ done }: { done: PurchaseDone }) {
  const navigate = useNavigate();
  useEffect(() => void navigate('/purchase/done', { state: done }), [done, navigate]);
  return null;
}
const show = (done: PurchaseDone, answer: (url: URL) => unknown = () => emptyPage) => {
  mockApi(answer);
  renderApp(
    <Routes>
      <Route path="/" element={<Arrive done={done} />} />
      <Route path="/purchase/done" element={<PurchaseDoneScreen />} />
    </Routes>,
  );
};
const items = [{ video_id: 3, price: 50, video_name: 'Nairobi Heist' }];

describe('the end of a payment', () => {
  it('says how long a pass bought on the Passes page runs and leads to its videos', async () => {
    show({ items: [], total: 20, receipt: 'SFK3H2J9LM', balance: 0, kind: 'pass', hours: 24, browse: '/dj/Afro' });
    expect(await screen.findByRole('heading', { name: 'Asante! Your pass is live' })).toBeInTheDocument();
    expect(screen.getByText('Every video it covers plays for the next 1 day.')).toBeInTheDocument();
    expect(screen.getByTestId('mpesa-receipt')).toHaveTextContent('SFK3H2J9LM');
    expect(screen.getByRole('link', { name: 'Find something to watch' })).toHaveAttribute('href', '/dj/Afro');
  });

  it('plays the video a pass was bought from', async () => {
    show({ items: [{ ...items[0]!, price: 0 }], total: 150, receipt: null, balance: 350, kind: 'pass', hours: 168 });
    expect(await screen.findByRole('heading', { name: 'Asante! Your pass is live' })).toBeInTheDocument();
    expect(screen.getByText('Every video it covers plays for the next 7 days.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play Nairobi Heist' })).toHaveAttribute('href', '/watch/3?play=1');
    // A pass owns nothing: no "Everything you own is in Your List".
    expect(screen.queryByText(/Everything you own is in/)).toBeNull();
  });

  it('links the receipt of what was just paid for, and none after a sale a code made free (it has no invoice: decision 0053)', async () => {
    localStorage.setItem('authorized', 'true');
    const earlier = { results: [{ id: 41, invoice_no: 17, kind: 'invoice', total: 200, issued_at: '2026-11-20T10:00:00Z' }], count: 1, next: null, previous: null };
    const answer = (url: URL) => (url.pathname === '/api/token/refresh/' ? { access: 'a', refresh: 'r' } : url.pathname === '/api/receipts/' ? earlier : emptyPage);
    show({ items: [{ ...items[0]!, price: 0 }], total: 0, receipt: null, balance: 350, kind: 'purchase' }, answer);
    expect(await screen.findByRole('link', { name: 'Play Nairobi Heist' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('receipt-link')).toBeNull();
  });

  it('says a rental’s hours start at the first play, and plays it', async () => {
    show({ items, total: 50, receipt: null, balance: 950, kind: 'rental', hours: 48 });
    expect(await screen.findByRole('heading', { name: 'Asante! It is rented' })).toBeInTheDocument();
    expect(screen.getByText('Your 48 h start when you press play, within 30 days.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play Nairobi Heist' })).toHaveAttribute('href', '/watch/3?play=1');
  });

  it('says a gift is on its way and leads to the gifts, with nothing to play', async () => {
    show({ items, total: 200, receipt: null, balance: 800, kind: 'gift' });
    expect(await screen.findByRole('heading', { name: 'Asante! Your gift is on its way' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your gifts' })).toHaveAttribute('href', '/account?section=gifts');
    expect(screen.queryByRole('link', { name: /^Play / })).toBeNull();
    expect(screen.queryByText(/Everything you own is in/)).toBeNull();
  });
});
