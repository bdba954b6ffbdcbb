import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Bundle } from '@store/contract';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { BundleOffers } from './bundle-offers.tsx';

const info = (account: number) => ({ user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: '254712000111', account, country: 'Kenya', city: '', profile_pic: null } }, deposit_history: [], purchase: [] });
const season = (id: number, n: number) => ({ id, title: 'Kenya Kings', season: `Season ${n}`, price: 100 + n * 50, image: null });
// Seasons at Ksh 150, 200, 250: a list total of 600, the set for 480.
const bundle = (owned: number[], priceForYou?: number): Bundle => ({ id: 9, title: 'Kenya Kings: all seasons', description: '', image: null, image_set: [], kind: 'all_seasons', video_ids: [1, 2, 3], videos: [season(1, 1), season(2, 2), season(3, 3)], price: 480, list_total: 600, ...(priceForYou !== undefined ? { owned_video_ids: owned, price_for_you: priceForYou } : {}) });

function show(answer: Bundle, balance = 1000, path = '/video/1') {
  const posted: { path: string; body: unknown; key: string }[] = [];
  localStorage.setItem('authorized', 'true');
  mockApi((url, init) => {
    if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
    if (url.pathname === '/api/info/') return info(balance);
    if (url.pathname === '/api/bundles/9/' && init?.method !== 'POST') return answer;
    if (init?.method === 'POST') {
      posted.push({ path: url.pathname, body: JSON.parse(String(init.body)), key: (init.headers as Record<string, string>)['idempotency-key']! });
      return { purchases: [], total: 360, balance: balance - 360 };
    }
    return emptyPage;
  });
  renderApp(
    <Routes>
      <Route path="/video/:id" element={<BundleOffers bundles={[{ id: 9, title: 'Kenya Kings: all seasons', price: 480 }]} />} />
      <Route path="/purchase/done" element={<p>Done screen</p>} />
    </Routes>,
    path,
  );
  return posted;
}

describe('a bundle offer on a season’s page', () => {
  it('shows the set’s price and saving, marks the season the customer owns, and sells only the rest at their price', async () => {
    const posted = show(bundle([1], 360));
    const offer = await screen.findByRole('region', { name: 'Kenya Kings: all seasons · Ksh 480 · save Ksh 120' });
    expect(within(offer).getByText(/you own it/).closest('li')).toHaveTextContent('Season 1 · you own it');
    expect(within(offer).getByText('Season 2').closest('li')).toHaveTextContent('Season 2 · Ksh 200');
    fireEvent.click(within(offer).getByRole('button', { name: 'Buy the rest · Ksh 360' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(dialog).toHaveTextContent('Kenya Kings: all seasons · Ksh 360');
    await within(dialog).findByText('Your balance: Ksh 1,000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay Ksh 360' }));
    expect(await screen.findByText('Done screen')).toBeInTheDocument();
    expect(posted).toEqual([{ path: '/api/bundles/9/buy/', body: {}, key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });

  it('says when the customer owns the whole set, and still lets them give it', async () => {
    show(bundle([1, 2, 3], 0));
    expect(await screen.findByText('You own all of it')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Buy / })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Give as a gift' }));
    expect(await screen.findByRole('dialog', { name: 'Give as a gift' })).toHaveTextContent('Kenya Kings: all seasons · Ksh 480');
  });

  it('shows the offer in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    show(bundle([], 480));
    expect(await screen.findByRole('button', { name: 'Nunua zote · Ksh 480' })).toBeInTheDocument();
    expect(screen.getByText(/okoa Ksh 120/)).toBeInTheDocument();
    // The store's own words about the set and its seasons, not English (issue 32 item 24).
    expect(screen.getByRole('region', { name: 'Kenya Kings: misimu yote · Ksh 480 · okoa Ksh 120' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Msimu wa 2' })).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });

  it('opens the purchase again when the customer comes back signed in from the mailed link', async () => {
    show(bundle([1], 360), 1000, '/video/1?bundle=9');
    expect(await screen.findByRole('dialog', { name: 'Confirm purchase' })).toHaveTextContent('Kenya Kings: all seasons · Ksh 360');
  });
});
