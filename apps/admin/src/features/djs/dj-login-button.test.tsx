// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDj } from '@store/contract';
import { createI18nProvider } from '../../providers/i18n.ts';
import { session } from '../../providers/session.ts';
import { messages } from './words.ts';
import { DjLoginButton } from './dj-login-button.tsx';

const i18nProvider = createI18nProvider([messages]);
const zamu: AdminDj = { id: 1, dj_name: 'Zamu', created_at: '2026-11-01T00:00:00Z', revenue_share_percent: 40, payout_phone: null, login_username: null };

describe('inviting a DJ to a login of their own', () => {
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    session.set('token');
    fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { email?: string };
      if (String(url) === '/api/admin/djs/1/invite' && body.email === 'taken@example.co.ke') return Response.json({ email: ['A user with that email already exists.'] }, { status: 400 });
      if (String(url) === '/api/admin/djs/1/invite') return Response.json({ id: 7, username: 'dj-zamu', dj_id: 1, sent_by: 'sms' }, { status: 201 });
      return Response.json({ detail: 'Not found.' }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.set(null);
  });
  const show = (dj: AdminDj) =>
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={{} as DataProvider}>
        <RecordContextProvider value={dj}>
          <DjLoginButton />
        </RecordContextProvider>
      </AdminContext>,
    );
  const posted = () => fetch.mock.calls.filter(([u]) => String(u) === '/api/admin/djs/1/invite').map(([, i]) => JSON.parse(String((i as RequestInit).body)) as object);

  it('sends the DJ a sign-in link by SMS in their language, with no password field anywhere', async () => {
    show(zamu);
    fireEvent.click(screen.getByRole('button', { name: 'Invite this DJ to a login' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText(/password/i)).toBeNull();
    fireEvent.click(within(dialog).getByLabelText('SMS'));
    fireEvent.change(within(dialog).getByLabelText('The DJ’s phone, e.g. 0712 345 678'), { target: { value: '0712 345 678' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'The DJ’s language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Kiswahili' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(posted()).toEqual([{ phone_number: '0712 345 678', language: 'sw' }]));
  });

  it('shows the server’s word on the e-mail field, and a DJ with a login has no invitation to send', async () => {
    show(zamu);
    fireEvent.click(screen.getByRole('button', { name: 'Invite this DJ to a login' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('The DJ’s e-mail'), { target: { value: 'taken@example.co.ke' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    expect(await within(dialog).findByText('A user with that email already exists.')).toBeTruthy();
    expect(posted()).toEqual([{ email: 'taken@example.co.ke', language: 'en' }]);
    cleanup();
    show({ ...zamu, login_username: 'dj-zamu' });
    expect(screen.getByText('dj-zamu')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite this DJ to a login' })).toBeNull();
  });
});
