import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { familyLockOn, lockedOut, pinMatchesHere, rememberUnlock, savedCopyLocked, unlockHeader, unlockHere } from '../../../lib/family-lock.ts';
import AccountScreen from '../routes/account.tsx';

const info = { user: { id: 5, username: 'mzazi', email: 'm@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: null, account: 0, country: 'Kenya', city: 'Nairobi', profile_pic: null } }, deposit_history: [], purchase: [] };

describe('the family lock on this phone', () => {
  it('turns on with a PIN and the password, then reads the catalogue with the token and asks for the PIN for 16 and 18', async () => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '5');
    let enabled = false;
    const sent: { path: string; method: string; body: unknown; headers: Record<string, string> }[] = [];
    const fetchMock = mockApi((url, init) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      sent.push({ path: url.pathname, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null, headers });
      if (url.pathname === '/api/token/refresh/') return { access: 'token-of-mzazi', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/family-lock/') {
        if (init?.method === 'PUT') enabled = true;
        return { enabled, unlocked_until: null, age_confirmed: false };
      }
      return emptyPage;
    });
    const { unmount } = renderApp(
      <Routes>
        <Route path="/account" element={<AccountScreen />} />
      </Routes>,
      '/account?section=family',
    );
    const card = await screen.findByTestId('family-lock');
    await within(card).findByText('Off');
    fireEvent.change(within(card).getByTestId('family-new-pin'), { target: { value: '12a34' } });
    expect(within(card).getByTestId<HTMLInputElement>('family-new-pin').value).toBe('1234');
    fireEvent.change(within(card).getByTestId('family-password'), { target: { value: 'mango-safari-2026' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Turn on the family lock' }));
    await within(card).findByText('The family lock is on.');
    expect(sent.find((s) => s.method === 'PUT')?.body).toEqual({ pin: '1234', password: 'mango-safari-2026' });

    // On this phone now: 16 and 18 ask for the PIN; catalogue reads carry the token (the server leaves them out).
    expect(familyLockOn()).toBe(true);
    expect(lockedOut('18')).toBe(true);
    expect(lockedOut('PG')).toBe(false);
    expect(unlockHeader()).toEqual({});
    fetchMock.mockClear();
    await apiGet('/videoDetails/', { page_size: 10 });
    await waitFor(() => expect(sent.at(-1)?.path).toBe('/api/videoDetails/'));
    expect(sent.at(-1)?.headers.authorization).toBe('Bearer token-of-mzazi');
    // Saved copies ask too, and with no network the PIN typed here is checked here.
    expect(savedCopyLocked('16')).toBe(true);
    expect(savedCopyLocked('GE')).toBe(false);
    expect(await pinMatchesHere('1234')).toBe(true);
    expect(await pinMatchesHere('4321')).toBe(false);
    unmount();
  });

  it('locks again now: the unlock is forgotten on this phone before its 4 hours are up, and 18 asks for the PIN again', async () => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '5');
    mockApi((url) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'token-of-mzazi', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/family-lock/') return { enabled: true, unlocked_until: null, age_confirmed: true };
      return emptyPage;
    });
    await rememberUnlock('unlock-value', new Date(Date.now() + 4 * 3600_000).toISOString(), '1234');
    unlockHere();
    expect(unlockHeader()).toEqual({ 'x-family-unlock': 'unlock-value' });
    expect(lockedOut('18')).toBe(false);
    renderApp(
      <Routes>
        <Route path="/account" element={<AccountScreen />} />
      </Routes>,
      '/account?section=family',
    );
    const card = await screen.findByTestId('family-lock');
    await within(card).findByText(/^Unlocked on this phone until/);
    fireEvent.click(within(card).getByRole('button', { name: 'Lock again now' }));
    await within(card).findByText('Locked again on this phone: the PIN opens 16 and 18 videos again.');
    expect(within(card).queryByText(/^Unlocked on this phone until/)).toBeNull();
    expect(unlockHeader()).toEqual({});
    expect(lockedOut('18')).toBe(true);
    expect(savedCopyLocked('18')).toBe(true);
    // The PIN's hash stays: saved copies can still be opened with it offline.
    expect(await pinMatchesHere('1234')).toBe(true);
  });

  it('asks an account with no password for a code sent by SMS instead, in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '5');
    let enabled = false;
    const sent: { path: string; method: string; body: unknown }[] = [];
    mockApi((url, init) => {
      sent.push({ path: url.pathname, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.pathname === '/api/token/refresh/') return { access: 'token-of-mzazi', refresh: 'r' };
      if (url.pathname === '/api/info/') return info;
      if (url.pathname === '/api/me/phone-code/') return new Response(JSON.stringify({ detail: 'Tumetuma', phone_number: '2547•••••678' }), { status: 202, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/family-lock/') {
        if (init?.method === 'PUT') enabled = true;
        return { enabled, unlocked_until: null, age_confirmed: false, confirm_with: 'code' };
      }
      return emptyPage;
    });
    renderApp(
      <Routes>
        <Route path="/account" element={<AccountScreen />} />
      </Routes>,
      '/account?section=family',
    );
    const card = await screen.findByTestId('family-lock');
    expect(await within(card).findByLabelText('Nambari kutoka kwa SMS')).toBe(within(card).getByTestId('family-code'));
    expect(within(card).queryByTestId('family-password')).toBeNull();
    fireEvent.change(within(card).getByTestId('family-new-pin'), { target: { value: '2468' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Washa kufuli ya familia' }));
    expect(await within(card).findByText('Andika nambari ya tarakimu 6 iliyo kwenye SMS.')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Nitumie nambari ya siri kwa SMS' }));
    expect(await within(card).findByText('Tumetuma nambari ya siri kwa 07•••••678. Inafanya kazi kwa dakika 5.')).toBeInTheDocument();
    const code = within(card).getByTestId('family-code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    fireEvent.change(code, { target: { value: '135 790' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Washa kufuli ya familia' }));
    await waitFor(() => expect(sent.find((s) => s.method === 'PUT')?.body).toEqual({ pin: '2468', code: '135790' }));
    // Said when the PIN is kept on this phone too: the test ends after that, not while it is still being written.
    expect(await within(card).findByText('Kufuli ya familia imewashwa.')).toBeInTheDocument();
    expect(await pinMatchesHere('2468')).toBe(true);
    expect(untranslated()).toEqual([]);
  });
});
