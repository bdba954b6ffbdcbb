import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import CartScreen from './cart.tsx';
import { mergeLocalCart } from '../../../api/session.ts';

const info = { user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: '254712000111', account: 1000, country: 'Kenya', city: '', profile_pic: null } }, deposit_history: [], purchase: [] };
const cart = { results: [1, 2].map((id) => ({ video_id: id, video_name: `Video ${id}`, image_url: null, price: 100 * id, purchase_times: 0, season: null, dj: 'Zamu' })), total: 300 };

describe('a promo code in the cart', () => {
  it('changes the total before paying, and the checkout pays the new total with the code', async () => {
    localStorage.setItem('authorized', 'true');
    const fetchMock = mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/cart/') return cart;
      // Codes are case-insensitive: the server answers with the code as it stores it.
      if (url.pathname.toUpperCase() === '/API/PROMO-CODES/DJZAMU/') return url.searchParams.get('video_ids') === '1,2' ? { code: 'DJZAMU', discount: 30, total_before: 300, total_after: 270 } : new Response('{}', { status: 500 });
      if (url.pathname === '/api/checkout/' && init?.method === 'POST') return { purchases: [], total: 270, balance: 730 };
      return emptyPage;
    });
    renderApp(<CartScreen />, '/cart');
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('Total Ksh 300');
    fireEvent.click(screen.getByRole('button', { name: 'Have a code?' }));
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: 'djzamu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('DJZAMU: Ksh 30 off. New total Ksh 270.')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Ksh 300 Total Ksh 270');
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(dialog).toHaveTextContent('2 videos · total Ksh 300 Ksh 270');
    // The code applied in the cart rides along as one line, not a field to type again.
    expect(within(dialog).getByRole('status')).toHaveTextContent('DJZAMU: Ksh 30 off. New total Ksh 270.');
    expect(within(dialog).queryByLabelText('Promo code')).toBeNull();
    await within(dialog).findByText('Your balance: Ksh 1,000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 270' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/checkout/')).toBe(true));
    const paid = fetchMock.mock.calls.find(([u]) => String(u) === '/api/checkout/')!;
    expect(JSON.parse(String(paid[1]!.body))).toEqual({ video_ids: [1, 2], promo_code: 'DJZAMU' });
  });

  it('gives the whole cart as a gift, paid like a purchase', async () => {
    localStorage.setItem('authorized', 'true');
    const fetchMock = mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/cart/') return cart;
      if (url.pathname === '/api/gifts/' && init?.method === 'POST') return { gift: {}, total: 300, balance: 700 };
      return emptyPage;
    });
    renderApp(<CartScreen />, '/cart');
    fireEvent.click(await screen.findByRole('button', { name: 'Give as a gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give as a gift' });
    expect(dialog).toHaveTextContent('2 videos · total Ksh 300');
    await within(dialog).findByText('Your balance: Ksh 1,000');
    fireEvent.change(within(dialog).getByLabelText(/Their phone number/), { target: { value: '0722 000 111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 300' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/gifts/')).toBe(true));
    const sent = fetchMock.mock.calls.find(([u]) => String(u) === '/api/gifts/')!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ video_ids: [1, 2], to_phone: '0722 000 111', message: '' });
  });
});

describe('a visitor’s cart at login', () => {
  it('names what the merge left out on the next cart page, once: owned (with Watch now) or not for sale', async () => {
    localStorage.setItem('authorized', 'true');
    const item = (id: number) => ({ video_id: id, video_name: `Video ${id}`, image_url: null, price: 100, purchase_times: 0, season: null, dj: 'Zamu' });
    localStorage.setItem('cart', JSON.stringify([item(1), item(2), item(3)]));
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      // The account owns 1; 3 is no longer for sale; 2 joins the account's cart.
      if (url.pathname === '/api/cart/merge/' || url.pathname === '/api/cart/') return { results: [item(2)], total: 100 };
      return emptyPage;
    });
    await mergeLocalCart(new Set([1]));
    expect(localStorage.getItem('cart')).toBeNull();

    const first = renderApp(<CartScreen />, '/cart');
    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('You already own “Video 1”, so it is no longer in your cart. Watch now');
    expect(note).toHaveTextContent('“Video 3” is not for sale now, so it is no longer in your cart.');
    expect(within(note).getByRole('link', { name: 'Watch now' })).toHaveAttribute('href', '/watch/1');
    expect(await screen.findByText('Video 2')).toBeInTheDocument();
    first.unmount();

    renderApp(<CartScreen />, '/cart');
    expect(await screen.findByText('Video 2')).toBeInTheDocument();
    expect(screen.queryByText(/no longer in your cart/)).toBeNull();
  });
});
