import { screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { dropAnswersOnLockChange } from '../../../api/family-lock-cache.ts';
import { rememberLockState } from '../../../lib/family-lock.ts';
import AccountScreen from '../routes/account.tsx';

const info = { user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: null, account: 0, country: 'Kenya', city: '', profile_pic: null } }, deposit_history: [], purchase: [], hidden: 0 };

/** The account's rentals, receipts or activity as a locked phone gets them: the server left `hidden` rows out (CONTRACT §16). */
function show(section: string, hidden: number) {
  localStorage.setItem('authorized', 'true');
  mockApi((url) => {
    if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
    if (url.pathname === '/api/info/') return info;
    if (['/api/rentals/', '/api/receipts/', '/api/activity/', '/api/gifts/'].includes(url.pathname)) return { ...emptyPage, hidden };
    return emptyPage;
  });
  renderApp(
    <Routes>
      <Route path="/account" element={<AccountScreen />} />
    </Routes>,
    `/account?section=${section}`,
  );
}

describe('a list the family lock shortened', () => {
  it.each([
    ['rentals', '2 videos rated 16 or 18 are hidden while the family lock is on.'],
    // A film may have several receipts, entries or gifts: each list counts its own rows.
    ['receipts', '2 receipts for videos rated 16 or 18 are hidden while the family lock is on.'],
    ['activity', '2 entries naming videos rated 16 or 18 are hidden while the family lock is on.'],
    ['gifts', '2 gifts of videos rated 16 or 18 are hidden while the family lock is on.'],
  ])('says how many it hides in %s, with the PIN to show them, instead of "none yet"', async (section, words) => {
    show(section, 2);
    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter PIN' })).toBeInTheDocument();
  });

  it('says one in the singular, and in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    show('rentals', 1);
    expect(await screen.findByText('Video 1 ya 16 au 18 imefichwa wakati kufuli ya familia imewashwa.')).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });

  it('counts receipts as receipts in Kiswahili too', async () => {
    const untranslated = speakKiswahili();
    show('receipts', 3);
    expect(await screen.findByText('Risiti 3 za video za 16 au 18 zimefichwa wakati kufuli ya familia imewashwa.')).toBeInTheDocument();
    expect(untranslated()).toEqual([]);
  });

  it('says nothing when nothing is hidden', async () => {
    show('rentals', 0);
    await screen.findByRole('heading', { name: 'Rentals' });
    expect(screen.queryByText(/hidden while the family lock is on/)).toBeNull();
  });
});

describe('the back button after the lock changes', () => {
  it('drops the answers of pages not on screen (read with the old lock state) and reads the ones on screen again', async () => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '1');
    const client = new QueryClient();
    client.setQueryData(['rentals'], { results: [{ title: 'Nairobi Heist' }], hidden: 0 });
    const stop = dropAnswersOnLockChange(client);
    rememberLockState(true);
    stop();
    expect(client.getQueryData(['rentals'])).toBeUndefined();
  });
});
