import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GiftClaimPreview } from '@store/contract';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import GiftClaimScreen from './gift-claim.tsx';

const preview = (state: GiftClaimPreview['state'] = 'sent'): GiftClaimPreview => ({ state, from: 'Amina', message: 'Happy birthday, enjoy!', title: 'Nairobi Heist', expires_at: '2026-12-24T10:00:00Z', videos: [{ id: 3, title: 'Nairobi Heist', season: null, image: '/media/posters/k3-480.webp', image_set: [{ width: 480, url: '/media/posters/k3-480.webp' }] }] });
const show = () =>
  renderApp(
    <Routes>
      <Route path="/gift/:token" element={<GiftClaimScreen />} />
    </Routes>,
    '/gift/tok_abc123',
  );

describe('the gift claim page', () => {
  it('shows a visitor the poster and the giver’s message, and signs them up or in to come back here', async () => {
    mockApi((url) => (url.pathname === '/api/gifts/claim/tok_abc123/' ? preview() : emptyPage));
    show();
    expect(await screen.findByRole('heading', { name: 'A gift from Amina' })).toBeInTheDocument();
    expect(screen.getByText('“Happy birthday, enjoy!”')).toBeInTheDocument();
    expect(document.querySelector('img[src="/media/posters/k3-480.webp"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/account/authenticate?tab=register&next=%2Fgift%2Ftok_abc123');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/account/authenticate?next=%2Fgift%2Ftok_abc123');
    expect(screen.queryByRole('button', { name: 'Claim your gift' })).toBeNull();
  });

  it('claims the gift in one tap when signed in, and offers to play it', async () => {
    localStorage.setItem('authorized', 'true');
    const claims: unknown[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/gifts/claim/tok_abc123/') return preview(claims.length ? 'claimed' : 'sent');
      if (url.pathname === '/api/gifts/claim/' && init?.method === 'POST') {
        claims.push(JSON.parse(String(init.body)));
        return { gift: {}, video_ids: [3], credited: 0, balance: 0 };
      }
      return emptyPage;
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Claim your gift' }));
    expect(await screen.findByText('It is yours now.')).toBeInTheDocument();
    expect(claims).toEqual([{ token: 'tok_abc123' }]);
    expect(screen.getByRole('link', { name: 'Play Nairobi Heist' })).toHaveAttribute('href', '/watch/3?play=1');
  });

  it('claims a pass given: says until when it runs, in Kiswahili too, and leads to the customer’s passes', async () => {
    const untranslated = speakKiswahili();
    localStorage.setItem('authorized', 'true');
    const pass = { id: 5, pass_id: 2, title: 'Day of everything', scope: { kind: 'all', value: null, name: null }, starts_at: '2026-11-28T09:00:00Z', ends_at: '2026-11-29T09:00:00Z', live: true, renewal: 'off', price: 20, hours: 24 };
    mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/gifts/claim/tok_abc123/') return { ...preview(), title: 'Day of everything', videos: [] };
      if (url.pathname === '/api/gifts/claim/' && init?.method === 'POST') return { gift: {}, video_ids: [], credited: 0, balance: 0, pass };
      return emptyPage;
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Pokea zawadi yako' }));
    expect(await screen.findByText(/Day of everything ni yako hadi 2026-11-29 12:00:00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pasi zako' })).toHaveAttribute('href', '/passes');
    expect(screen.queryByRole('link', { name: /Cheza|Play/ })).toBeNull();
    expect(untranslated()).toEqual([]);
  });

  it('says when the gift was already claimed or went back to its giver, with nothing to claim', async () => {
    localStorage.setItem('authorized', 'true');
    mockApi((url) => (url.pathname === '/api/token/refresh/' ? { access: 'a', refresh: 'r' } : url.pathname === '/api/gifts/claim/tok_abc123/' ? preview('returned') : emptyPage));
    show();
    expect(await screen.findByText('This gift was not claimed in time and went back to its giver.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim your gift' })).toBeNull();
  });

  it('says plainly when the link is not a gift', async () => {
    mockApi(() => new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404, headers: { 'content-type': 'application/json' } }));
    show();
    expect(await screen.findByText('This gift link is not valid. Check the link in your SMS or e-mail.')).toBeInTheDocument();
  });

  it('speaks Kiswahili', async () => {
    const untranslated = speakKiswahili();
    mockApi((url) => (url.pathname === '/api/gifts/claim/tok_abc123/' ? preview() : emptyPage));
    show();
    expect(await screen.findByRole('heading', { name: 'Zawadi kutoka kwa Amina' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jisajili' })).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });
});
