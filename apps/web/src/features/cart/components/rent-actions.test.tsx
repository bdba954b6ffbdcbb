import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Video } from '@store/contract';
import { makeVideo } from '../../../test/fixtures.ts';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { BuyActions } from './buy-actions.tsx';

const HOUR = 3_600_000;
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

const rentable = (over: Partial<Video> = {}) => makeVideo(3, { title: 'Nairobi Heist', price: 200, rent_price: 50, rental_hours: 48, ...over } as Partial<Video>);
/** The store page's actions, and the screen a payment ends on. */
const showPage = (video: Video) =>
  renderApp(
    <Routes>
      <Route path="/video/:id" element={<BuyActions video={video} />} />
      <Route path="/purchase/done" element={<p>Done screen</p>} />
    </Routes>,
    `/video/${video.vidId}`,
  );

describe('renting from the store page', () => {
  it('offers "Rent 48 h · Ksh 50" beside Buy and rents from the balance in two taps, with an Idempotency-Key', async () => {
    const fetchMock = signedInApi(1000, (url) => {
      if (url.pathname === '/api/videoDetails/3/') return { ...rentable(), owned: false, rental: null, price_for_you: 200 };
      if (url.pathname === '/api/rentals/') return { rental: { id: 1, video_id: 3, price_paid: 50, rented_at: new Date().toISOString(), started_at: null, expires_at: new Date(Date.now() + 720 * HOUR).toISOString() }, balance: 950 };
    });
    showPage(rentable());
    expect(await screen.findByRole('button', { name: 'Buy' })).toBeInTheDocument();
    // The rent clock is said before paying, on the page and in the dialog (issue 32 item 2).
    expect(screen.getByText('48 h from when you press Play, within 30 days.')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Rent 48 h · Ksh 50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm rental' });
    expect(dialog).toHaveTextContent('Rent for 48 h · total Ksh 50');
    expect(within(dialog).getByText('48 h from when you press Play, within 30 days.')).toBeInTheDocument();
    await within(dialog).findByText('Your balance: Ksh 1,000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 50' }));
    expect(await screen.findByText('Done screen')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/rentals/')).toEqual({ video_id: 3 });
    expect(keyOf(fetchMock, '/api/rentals/')).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('balance')).toBe('950');
  });

  it('shows a live rental’s time left, Watch now, and "Own it for" the price less the rent, instead of Buy and Rent', async () => {
    const rental = { id: 1, video_id: 3, price_paid: 50, rented_at: new Date(Date.now() - 20 * HOUR).toISOString(), started_at: new Date(Date.now() - 17 * HOUR).toISOString(), expires_at: new Date(Date.now() + 31 * HOUR + 60_000).toISOString() };
    signedInApi(0, (url) => (url.pathname === '/api/videoDetails/3/' ? { ...rentable(), owned: false, rental, price_for_you: 150 } : undefined));
    showPage(rentable());
    expect(await screen.findByText('Ends in 31 h')).toBeInTheDocument();
    expect(screen.getByText(/^Rented ·/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch now' })).toHaveAttribute('href', '/watch/3');
    fireEvent.click(screen.getByRole('button', { name: 'Own it for Ksh 150' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm purchase' })).toHaveTextContent('1 video · total Ksh 150');
    expect(screen.queryByRole('button', { name: /^Rent / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
  });

  it('says how much of a rental that ended within 7 days counts, and Buy charges the price less it', async () => {
    signedInApi(1000, (url) => (url.pathname === '/api/videoDetails/3/' ? { ...rentable(), owned: false, rental: null, price_for_you: 150 } : undefined));
    showPage(rentable());
    expect(await screen.findByText('Ksh 50 of your rental counts: own it for Ksh 150')).toBeInTheDocument();
    const buy = screen.getByRole('button', { name: 'Buy' });
    await vi.waitFor(() => expect(buy).toBeEnabled());
    fireEvent.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(dialog).toHaveTextContent('1 video · total Ksh 150');
    expect(await within(dialog).findByRole('button', { name: 'Pay Ksh 150' })).toBeInTheDocument();
  });

  it('says a rental not yet played starts at the first play', async () => {
    const rental = { id: 1, video_id: 3, price_paid: 50, rented_at: new Date().toISOString(), started_at: null, expires_at: new Date(Date.now() + 30 * 24 * HOUR - 60_000).toISOString() };
    signedInApi(0, (url) => (url.pathname === '/api/videoDetails/3/' ? { ...rentable(), owned: false, rental, price_for_you: 150 } : undefined));
    showPage(rentable());
    expect(await screen.findByText('Starts when you press play · 29 days to start')).toBeInTheDocument();
  });

  it('offers no rental for a video that is not for rent', async () => {
    signedInApi(0, (url) => (url.pathname === '/api/videoDetails/3/' ? { ...rentable({ rent_price: null } as Partial<Video>), owned: false, rental: null, price_for_you: 200 } : undefined));
    showPage(rentable({ rent_price: null } as Partial<Video>));
    const buy = await screen.findByRole('button', { name: 'Buy' });
    await vi.waitFor(() => expect(buy).toBeEnabled());
    expect(screen.queryByRole('button', { name: /^Rent / })).toBeNull();
  });

  it('says the rental and its time left in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    const rental = { id: 1, video_id: 3, price_paid: 50, rented_at: new Date().toISOString(), started_at: new Date().toISOString(), expires_at: new Date(Date.now() + 47 * HOUR + 60_000).toISOString() };
    signedInApi(0, (url) => (url.pathname === '/api/videoDetails/3/' ? { ...rentable(), owned: false, rental, price_for_you: 150 } : undefined));
    showPage(rentable());
    expect(await screen.findByText('Inaisha baada ya saa 47')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imiliki kwa Ksh 150' })).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });

  it('says the rent clock and the rental’s credit in Kiswahili before paying', async () => {
    const untranslated = speakKiswahili();
    signedInApi(1000, (url) => (url.pathname === '/api/videoDetails/3/' ? { ...rentable(), owned: false, rental: null, price_for_you: 150 } : undefined));
    showPage(rentable());
    expect(await screen.findByText('Ksh 50 ya ukodishaji wako inahesabiwa: imiliki kwa Ksh 150')).toBeInTheDocument();
    expect(screen.getByText('Saa 48 kuanzia unapobonyeza Cheza, ndani ya siku 30.')).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });

  it('asks "I am 18 or older" in the dialog before the first Pay for an 18 film, and sends the answer with it', async () => {
    const fetchMock = signedInApi(1000, (url) => {
      if (url.pathname === '/api/videoDetails/3/') return { ...rentable({ rating: '18' } as Partial<Video>), owned: false, rental: null, price_for_you: 200 };
      if (url.pathname === '/api/family-lock/') return { enabled: false, unlocked_until: null, age_confirmed: false };
      if (url.pathname === '/api/purchased/') return { purchases: [], total: 200, balance: 800 };
    });
    showPage(rentable({ rating: '18' } as Partial<Video>));
    const buy = await screen.findByRole('button', { name: 'Buy' });
    await vi.waitFor(() => expect(buy).toBeEnabled());
    fireEvent.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'I am 18 or older' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Pay Ksh 200' }));
    expect(await screen.findByText('Done screen')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/purchased/')).toEqual({ video_id: 3, age_confirmed: true });
  });

  it('does not ask again an account that has said it is 18 or older', async () => {
    const fetchMock = signedInApi(1000, (url) => {
      if (url.pathname === '/api/videoDetails/3/') return { ...rentable({ rating: '18' } as Partial<Video>), owned: false, rental: null, price_for_you: 200 };
      if (url.pathname === '/api/family-lock/') return { enabled: false, unlocked_until: null, age_confirmed: true };
    });
    showPage(rentable({ rating: '18' } as Partial<Video>));
    const buy = await screen.findByRole('button', { name: 'Buy' });
    await vi.waitFor(() => expect(buy).toBeEnabled());
    fireEvent.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    await within(dialog).findByRole('button', { name: 'Pay Ksh 200' });
    // The account's answer has been read (and had time to show), and nothing is asked.
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/family-lock/'))).toBe(true));
    await new Promise((r) => setTimeout(r, 100));
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });
});

