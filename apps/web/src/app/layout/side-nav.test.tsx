import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import AccountScreen from '../../features/account/routes/account.tsx';
import ProfileScreen from '../../features/account/routes/profile.tsx';
import { emptyPage, mockApi, renderApp } from '../../test/render.tsx';
import { speakKiswahili } from '../../test/speak-kiswahili.ts';
import { SideNav } from './side-nav.tsx';

const user = (staff: boolean) => ({ user: { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: staff, profile: { buyerid: 7, phone_number: '254712345678', account: 1200, country: 'Kenya', city: 'Nairobi', profile_pic: null } }, deposit_history: [], purchase: [] });

function signIn(staff = false) {
  localStorage.setItem('authorized', 'true');
  localStorage.setItem('user', JSON.stringify('amina'));
  localStorage.setItem('admin', JSON.stringify(staff));
  mockApi((url) => (url.pathname === '/api/token/refresh/' ? { access: 'a', refresh: 'r' } : url.pathname === '/api/info/' ? user(staff) : emptyPage));
}

/** The side menu beside a screen, as the layout shows it (issue 32 item 26: one navigation). */
const withMenu = (
  <>
    <SideNav />
    <Routes>
      <Route path="/account" element={<AccountScreen />} />
      <Route path="/profile" element={<ProfileScreen />} />
      <Route path="*" element={<p>screen</p>} />
    </Routes>
  </>
);

const texts = (root: HTMLElement) => [...root.querySelectorAll('a')].map((a) => a.textContent);
const sideMenu = () => screen.getByRole('navigation', { name: /^(Main|Menyu kuu)$/ });
/** The account's entries in the side menu: the list under its "Account" entry. */
const sideAccount = (name: string) => within(sideMenu()).getByRole('list', { name });

describe('one navigation (issue 32 item 26)', () => {
  beforeEach(() => localStorage.clear());

  it('a visitor’s side menu is the seed’s, with no account entries under Account', () => {
    mockApi(() => emptyPage);
    renderApp(<SideNav />, '/');
    expect(texts(sideMenu())).toEqual(['Home', 'TV show', 'Movie', 'Animation', 'DJ/s', 'Genre', 'New videos', 'Passes', 'Contact', 'About US', 'Cart', 'Account', 'Saved videos', 'Notification', 'Guide', 'Deposit']);
    expect(within(sideMenu()).queryByRole('list', { name: 'Account' })).toBeNull();
  });

  it('signed in, the side menu lists the account’s entries under Account in the account page’s words and order (Cart and Deposit once, where the seed has them)', async () => {
    signIn();
    renderApp(withMenu, '/account');
    const page = await screen.findByRole('navigation', { name: 'Account' });
    const account = ['Profile', 'Cart', 'Your List', 'Rentals', 'Your passes', 'Gifts', 'Tax receipts', 'Account activity', 'Family lock', 'Following', 'Notification settings', 'Deposit History', 'Account Setting', 'Deposit'];
    expect(texts(page)).toEqual(account);
    expect(texts(sideAccount('Account'))).toEqual(account.filter((w) => w !== 'Cart' && w !== 'Deposit'));
    // The same addresses behind the same words.
    const hrefs = (root: HTMLElement) => Object.fromEntries([...root.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]));
    expect(hrefs(page)).toMatchObject(hrefs(sideAccount('Account')));
    expect(hrefs(sideAccount('Account'))).toMatchObject({ Profile: '/profile', 'Your List': '/account?section=list', 'Account Setting': '/profile?edit=1' });
  });

  it('marks the chosen account entry in both, the side menu and the account page', async () => {
    signIn();
    renderApp(withMenu, '/account?section=gifts');
    const page = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(page).getByRole('link', { name: 'Gifts' })).toHaveAttribute('aria-current', 'page');
    expect(within(sideAccount('Account')).getByRole('link', { name: 'Gifts' })).toHaveAttribute('aria-current', 'page');
    expect(within(sideMenu()).getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-current');
  });

  it('staff get Admin first, in a new tab, in both', async () => {
    signIn(true);
    renderApp(withMenu, '/account');
    const page = await screen.findByRole('navigation', { name: 'Account' });
    await within(page).findByRole('link', { name: 'Admin' });
    for (const list of [page, sideAccount('Account')]) {
      const admin = within(list).getAllByRole('link')[0]!;
      expect(admin).toHaveTextContent('Admin');
      expect(admin).toHaveAttribute('href', '/admin/');
      expect(admin).toHaveAttribute('target', '_blank');
    }
  });

  it('the profile has no bar of its own ("View Site | Profile | DashBoard"): the side menu reaches it, in Kiswahili too', async () => {
    const untranslated = speakKiswahili();
    signIn();
    renderApp(withMenu, '/profile');
    expect(await screen.findByRole('heading', { name: 'amina' })).toBeInTheDocument();
    // One navigation on the page: the side menu's.
    expect(screen.getAllByRole('navigation')).toEqual([sideMenu()]);
    expect(screen.queryByText(/View Site|DashBoard|Rudi dukani|Dashibodi/)).toBeNull();
    const profile = within(sideAccount('Akaunti')).getByRole('link', { name: 'Wasifu' });
    expect(profile).toHaveAttribute('href', '/profile');
    expect(profile).toHaveAttribute('aria-current', 'page');
    expect(texts(sideAccount('Akaunti'))).toEqual(['Wasifu', 'Orodha yako', 'Ulizokodi', 'Pasi zako', 'Zawadi', 'Risiti za kodi', 'Shughuli za akaunti', 'Kufuli ya familia', 'Unaowafuatilia', 'Mipangilio ya arifa', 'Pesa ulizoweka', 'Mipangilio ya akaunti']);
    expect(untranslated()).toEqual([]);
  });
});
