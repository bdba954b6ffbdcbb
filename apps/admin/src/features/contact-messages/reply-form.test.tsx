// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Notification, RecordContextProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18n.ts';
import { messages } from './words.ts';
import { session } from '../../providers/session.ts';
import type { ContactMessage } from './contact-message.ts';
import { ReplyForm } from './reply-form.tsx';

/** This feature's words and the shared ones, as the app merges them. */
const i18nProvider = createI18nProvider([messages]);

const message = (over: Partial<ContactMessage> = {}): ContactMessage => ({
  id: 12,
  name: 'Achieng',
  email: 'achieng@example.co.ke',
  phone_number: '254799555000',
  message: 'Video yangu inasimama.',
  is_read: true,
  created_at: '2026-11-23T10:00:00Z',
  user_id: 5,
  reply_language: 'sw',
  reply: null,
  replied_at: null,
  replied_by: null,
  ...over,
});

const renderForm = (record: ContactMessage) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <RecordContextProvider value={record}>
        <ReplyForm />
      </RecordContextProvider>
      <Notification />
    </AdminContext>,
  );

describe('replying to a contact message', () => {
  beforeEach(() => session.set('token'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.set(null);
  });

  it('says where the reply goes and in which language, sends it, and says it was sent', async () => {
    const fetch = vi.fn(async () => Response.json(message({ reply: 'Tumeirekebisha.', replied_at: '2026-11-24T06:00:00Z', replied_by: 'wanjiku' })));
    vi.stubGlobal('fetch', fetch);
    renderForm(message());
    expect(screen.getByText('Goes to achieng@example.co.ke in Kiswahili, with their message quoted below it.')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send reply' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reply by e-mail'), { target: { value: 'Tumeirekebisha.' } });
    fireEvent.click(send);
    await screen.findByText('Reply sent to achieng@example.co.ke.');
    expect(fetch).toHaveBeenCalledWith('/api/admin/contact-messages/12/reply', expect.objectContaining({ method: 'POST', body: JSON.stringify({ reply: 'Tumeirekebisha.' }) }));
    await waitFor(() => expect((screen.getByLabelText('Reply by e-mail') as HTMLTextAreaElement).value).toBe(''));
  });

  it('shows the last reply with who sent it and when, and the server’s words when a reply is refused', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ reply: ['Write the reply first.'] }, { status: 400 })));
    renderForm(message({ reply: 'Tumeirekebisha.', replied_at: '2026-11-24T06:00:00Z', replied_by: 'wanjiku' }));
    expect(screen.getByRole('heading', { name: 'Replied by wanjiku on 2026-11-24 09:00:00' })).toBeTruthy();
    expect(screen.getByText('Tumeirekebisha.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reply by e-mail'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await screen.findByText('Write the reply first.');
  });
});
