import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import AccountScreen from './account.tsx';
import ProfileScreen from './profile.tsx';

const app = (
  <Routes>
    <Route path="/account" element={<AccountScreen />} />
    <Route path="/profile" element={<ProfileScreen />} />
  </Routes>
);
const deposit = { checkout_request_id: 'ws_CO_1', amount: 500, phone_number: '254712345678', state: 'completed', result_desc: null, receipt: 'QKA1B2C3D4', time: '2026-11-20T10:00:00Z' };
const info = { user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: '254712345678', account: 1200, country: 'Kenya', city: 'Nairobi', profile_pic: null } }, deposit_history: [deposit, { ...deposit, checkout_request_id: 'ws_CO_2', state: 'failed', receipt: null, result_desc: 'Ulighairi ombi.' }], purchase: [] };

describe('account and profile in Kiswahili', () => {
  it('shows the menu, the balance, the deposits and the profile form in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    localStorage.setItem('authorized', 'true');
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      return emptyPage;
    });
    const { unmount } = renderApp(app, '/account');
    expect(await screen.findByText(/^Salio · mwanachama tangu/)).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Akaunti' });
    for (const name of ['Wasifu', 'Kikapu', 'Orodha yako', 'Pesa ulizoweka', 'Mipangilio ya akaunti', 'Weka pesa']) expect(menu).toContainElement(screen.getByRole('link', { name }));
    expect(screen.getByRole('button', { name: 'Toka' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Pesa ulizoweka' }));
    expect(await screen.findByText('imekamilika')).toBeInTheDocument();
    expect(screen.getByText('imeshindwa')).toBeInTheDocument();
    expect(screen.getByText(/· risiti QKA1B2C3D4/)).toBeInTheDocument();
    unmount();

    renderApp(app, '/profile?edit=1');
    expect(await screen.findByRole('form', { name: 'Badilisha wasifu' })).toBeInTheDocument();
    expect(screen.getByLabelText('Namba ya simu', { exact: false })).toHaveValue('0712345678');
    expect(screen.getByText('Jina la mtumiaji haliwezi kubadilishwa.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chagua picha ya wasifu' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashibodi' })).toHaveTextContent(/Rudi dukani.*Wasifu.*Dashibodi.*Kikapu.*Toka/);
    expect(untranslated()).toEqual([]);
  });
});
