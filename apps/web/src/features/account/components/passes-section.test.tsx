import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CustomerPass } from '@store/contract';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import AccountScreen from '../routes/account.tsx';

const HOUR = 3_600_000;
const info = { user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: null, account: 0, country: 'Kenya', city: '', profile_pic: null } }, deposit_history: [], purchase: [] };
const passes: CustomerPass[] = [
  { id: 9, pass_id: 1, title: 'DJ Afro day pass', scope: { kind: 'dj', value: 4, name: 'Afro' }, starts_at: new Date(Date.now() - 2 * HOUR).toISOString(), ends_at: new Date(Date.now() + 21.5 * HOUR).toISOString(), live: true, renewal: 'prompt', price: 20, hours: 24 },
  { id: 4, pass_id: 3, title: 'Month of everything', scope: { kind: 'all', value: null, name: null }, starts_at: '2026-09-01T08:00:00Z', ends_at: '2026-10-01T08:00:00Z', live: false, renewal: 'off', price: 450, hours: 720 },
];

function show() {
  localStorage.setItem('authorized', 'true');
  mockApi((url) => {
    if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
    if (url.pathname === '/api/info/') return info;
    if (url.pathname === '/api/passes/mine/') return passes;
    return emptyPage;
  });
  renderApp(
    <Routes>
      <Route path="/account" element={<AccountScreen />} />
    </Routes>,
    '/account?section=passes',
  );
}

describe('passes in the account', () => {
  it('lists each pass with its time left and renewal; an ended one can be bought again', async () => {
    show();
    const list = await screen.findByRole('list', { name: 'Your passes' });
    const [live, ended] = within(list).getAllByTestId('my-pass');
    expect(live).toHaveTextContent('DJ Afro day passEnds in 21 hDJ Afro');
    expect(within(live!).getByRole('switch', { name: 'Renew: Ksh 20 for 1 day' })).toBeChecked();
    expect(ended).toHaveTextContent('Month of everythingPass endedEverything');
    expect(within(ended!).queryByRole('switch')).toBeNull();
    expect(within(ended!).getByRole('link', { name: 'Buy it again' })).toHaveAttribute('href', '/passes');
  });

  it('says it in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    show();
    const list = await screen.findByRole('list', { name: 'Pasi zako' });
    expect(list).toHaveTextContent('Inaisha baada ya saa 21');
    expect(list).toHaveTextContent('Pasi imeisha');
    expect(within(list).getByRole('switch', { name: 'Ongeza muda: Ksh 20 kwa siku 1' })).toBeChecked();
    expect(untranslated()).toEqual([]);
  });
});
