import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetAccountLanguage } from '../../api/account-language.ts';
import { loadCommonMessages, setLanguage } from '../../lib/i18n.ts';
import { emptyPage, mockApi, renderApp } from '../../test/render.tsx';
import { setViewportWidth } from '../../test/setup.ts';
import { AppLayout } from './app-layout.tsx';

const info = (language: 'en' | 'sw' | null) => ({
  user: { id: 1, username: 'Wanjiku', email: 'w@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: null, account: 250, country: 'Kenya', city: '', profile_pic: null, language } },
  deposit_history: [],
  purchase: [],
});

/** The API as a signed-in customer whose account says `language`; the PATCHes sent are collected. */
function signedInApi(language: 'en' | 'sw' | null) {
  const patches: unknown[] = [];
  localStorage.setItem('authorized', 'true');
  localStorage.setItem('user', JSON.stringify('Wanjiku'));
  mockApi((url, init) => {
    if (url.pathname === '/api/info/') return info(language);
    if (url.pathname === '/api/profile/7/' && init?.method === 'PATCH') {
      patches.push(JSON.parse(String(init.body)));
      return info(language).user;
    }
    if (url.pathname === '/api/token/refresh/') return { access: 'token' };
    return emptyPage;
  });
  return patches;
}

describe('language switch', () => {
  beforeEach(async () => {
    setViewportWidth(360);
    forgetAccountLanguage();
    await loadCommonMessages();
  });
  afterEach(() => setLanguage('en'));

  it('on a phone, switches the header to Kiswahili and back, remembered on the device', async () => {
    mockApi(() => emptyPage);
    renderApp(<AppLayout />);
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Kiswahili' }));
    expect(await screen.findByRole('link', { name: 'Ingia' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fungua menyu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kiswahili' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('sw');
    expect(localStorage.getItem('language')).toBe('sw');
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('signed in, an account with no language yet takes the device’s, and a switch is saved on the account', async () => {
    const patches = signedInApi(null);
    renderApp(<AppLayout />);
    await waitFor(() => expect(patches).toEqual([{ language: 'en' }]));
    fireEvent.click(screen.getByRole('button', { name: 'Kiswahili' }));
    await waitFor(() => expect(patches).toEqual([{ language: 'en' }, { language: 'sw' }]));
    expect(screen.getByRole('button', { name: 'Fungua menyu' })).toBeInTheDocument();
  });

  it('signed in, the account’s language wins over the device’s when the page opens', async () => {
    const patches = signedInApi('sw');
    renderApp(<AppLayout />);
    expect(await screen.findByRole('button', { name: 'Fungua menyu' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('sw');
    expect(patches).toEqual([]);
  });
});
