import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { emptyPage, mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import ProfileScreen from './profile.tsx';

const app = (
  <Routes>
    <Route path="/profile" element={<ProfileScreen />} />
  </Routes>
);
const user = { id: 1, username: 'amina', email: 'a@example.co.ke', date_joined: '2026-01-01T00:00:00Z', is_staff: false, profile: { buyerid: 7, phone_number: '254712345678', account: 1200, country: 'Kenya', city: 'Nairobi', profile_pic: null, language: null } };

/** The API: /members/ takes only `password` as the current password, as the server does. */
/** The form's own Update button (the one beside the picture opens the form). */
const EDIT_SW = 'Badilisha wasifu';
const submitButton = (formName: string, name: string) => within(screen.getByRole('form', { name: formName })).getByRole('button', { name });

function api(password = 'mango-safari-2026') {
  const members: unknown[] = [];
  const fetchMock = mockApi((url, init) => {
    if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
    if (url.pathname === '/api/info/') return { user, deposit_history: [], purchase: [] };
    if (url.pathname === '/api/members/1/') {
      const body = JSON.parse(String(init!.body)) as { email: string; current_password?: string };
      members.push(body);
      if (body.current_password !== password) return new Response(JSON.stringify({ current_password: ['That is not your current password.'] }), { status: 400 });
      return { ...user, email: body.email };
    }
    if (url.pathname === '/api/profile/7/') return user;
    return emptyPage;
  });
  return { members, fetchMock };
}

describe('changing the e-mail on the profile form', () => {
  it('asks for the current password only when the e-mail changes, and sends it with the new address', async () => {
    localStorage.setItem('authorized', 'true');
    const { members } = api();
    renderApp(app, '/profile?edit=1');
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('a@example.co.ke');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.change(email, { target: { value: 'amina.new@example.co.ke' } });
    const password = await screen.findByLabelText('Current password');
    expect(screen.getByText('Needed to change your e-mail.')).toBeVisible();

    fireEvent.click(submitButton('Edit profile', 'Update'));
    expect(await screen.findByText('Enter your current password to change your e-mail.')).toBeVisible();
    expect(members).toEqual([]);

    fireEvent.change(password, { target: { value: 'a-wrong-guess' } });
    fireEvent.click(submitButton('Edit profile', 'Update'));
    expect(await screen.findByText('That is not your current password.')).toBeVisible();

    fireEvent.change(password, { target: { value: 'mango-safari-2026' } });
    fireEvent.click(submitButton('Edit profile', 'Update'));
    await vi.waitFor(() => expect(members).toHaveLength(2));
    expect(members[1]).toEqual({ email: 'amina.new@example.co.ke', current_password: 'mango-safari-2026' });
    expect(await screen.findByText('Account updated successfully.')).toBeVisible();
  });

  it('saves other fields without a password while the e-mail stays, and asks in Kiswahili', async () => {
    localStorage.setItem('authorized', 'true');
    const { members, fetchMock } = api();
    const untranslated = speakKiswahili();
    renderApp(app, '/profile?edit=1');
    await screen.findByLabelText('Barua pepe');
    fireEvent.change(screen.getByLabelText('Mji'), { target: { value: 'Kisumu' } });
    fireEvent.click(submitButton(EDIT_SW, 'Badilisha'));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/profile/7/'))).toBe(true));
    expect(members).toEqual([]);

    fireEvent.click(await screen.findByRole('button', { name: 'Badilisha' }));
    fireEvent.change(await screen.findByLabelText('Barua pepe'), { target: { value: 'amina.new@example.co.ke' } });
    expect(await screen.findByLabelText('Nenosiri la sasa')).toBeVisible();
    fireEvent.click(submitButton(EDIT_SW, 'Badilisha'));
    expect(await screen.findByText('Weka nenosiri lako la sasa ili ubadilishe barua pepe yako.')).toBeVisible();
    expect(untranslated()).toEqual([]);
  });

  it('asks an account with no password for a code sent by SMS instead of the current password', async () => {
    localStorage.setItem('authorized', 'true');
    const members: unknown[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'a', refresh: 'r' };
      if (url.pathname === '/api/info/') return { user, deposit_history: [], purchase: [] };
      if (url.pathname === '/api/family-lock/') return { enabled: false, unlocked_until: null, age_confirmed: false, confirm_with: 'code' };
      if (url.pathname === '/api/me/phone-code/') return new Response(JSON.stringify({ detail: 'sent', phone_number: '2547•••••678' }), { status: 202 });
      if (url.pathname === '/api/members/1/') {
        const body = JSON.parse(String(init!.body)) as { email: string; code?: string };
        members.push(body);
        if (body.code !== '246810') return new Response(JSON.stringify({ code: ['That code is not right. Check the SMS and try again.'] }), { status: 400 });
        return { ...user, email: body.email };
      }
      if (url.pathname === '/api/profile/7/') return user;
      return emptyPage;
    });
    renderApp(app, '/profile?edit=1');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'amina.new@example.co.ke' } });
    const code = await screen.findByLabelText('Code from the SMS');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.click(submitButton('Edit profile', 'Update'));
    expect(await screen.findByText('Enter the 6-digit code from the SMS.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code by SMS' }));
    expect(await screen.findByText('We sent a code to 07•••••678. It works for 5 minutes.')).toBeVisible();
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(submitButton('Edit profile', 'Update'));
    expect(await screen.findByText('That code is not right. Check the SMS and try again.')).toBeVisible();
    fireEvent.change(code, { target: { value: '246810' } });
    fireEvent.click(submitButton('Edit profile', 'Update'));
    expect(await screen.findByText('Account updated successfully.')).toBeVisible();
    expect(members).toEqual([
      { email: 'amina.new@example.co.ke', code: '111111' },
      { email: 'amina.new@example.co.ke', code: '246810' },
    ]);
  });
});
