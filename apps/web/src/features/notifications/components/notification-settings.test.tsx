import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultNotificationSettings, NOTIFICATION_KINDS } from '@store/contract';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { speakKiswahili } from '../../../test/speak-kiswahili.ts';
import { NotificationSettingsCard } from './notification-settings.tsx';

describe('notification settings', () => {
  beforeEach(() => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '5');
  });

  // Sixteen MUI switches render slowly in jsdom on a busy machine.
  it('shows the server’s settings and saves quiet hours and each kind’s push and SMS', { timeout: 20_000 }, async () => {
    let saved: unknown = null;
    mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'token', refresh: 'r' };
      if (url.pathname === '/api/notifications/settings/') {
        if (init?.method === 'PUT') {
          saved = JSON.parse(String(init.body));
          return saved;
        }
        return defaultNotificationSettings();
      }
      return {};
    });
    renderApp(<NotificationSettingsCard />);
    const card = await screen.findByTestId('notification-settings');
    const giftSms = await within(card).findByRole('switch', { name: 'SMS: Gifts for you' });
    expect(giftSms).toBeChecked();
    expect(within(card).getByRole('switch', { name: 'SMS: Refunds' })).not.toBeChecked();
    expect(within(card).getByRole('switch', { name: 'Push: New videos from what you follow' })).toBeChecked();
    expect(within(card).getByTestId<HTMLInputElement>('quiet-start').value).toBe('22:00');
    // This browser (jsdom) cannot push: said so, the switch off.
    expect(within(card).getByText('This browser cannot show notifications. You still see them here.')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('switch', { name: 'SMS: Refunds' }));
    fireEvent.click(within(card).getByRole('switch', { name: 'Push: New videos from what you follow' }));
    fireEvent.change(within(card).getByTestId('quiet-start'), { target: { value: '23:30' } });
    fireEvent.change(within(card).getByTestId('quiet-end'), { target: { value: '06:00' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Settings saved.')).toBeInTheDocument();
    const body = saved as ReturnType<typeof defaultNotificationSettings>;
    expect(body.quiet_hours).toEqual({ start: '23:30', end: '06:00' });
    expect(body.kinds.refund).toEqual({ push: true, sms: true });
    expect(body.kinds.new_video).toEqual({ push: false, sms: false });
    expect(Object.keys(body.kinds).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it('turns quiet hours off, and shows the server’s refusal in Kiswahili', async () => {
    const untranslated = speakKiswahili();
    let puts = 0;
    mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return { access: 'token', refresh: 'r' };
      if (init?.method === 'PUT') {
        puts += 1;
        expect(JSON.parse(String(init.body)).quiet_hours).toBeNull();
        return new Response(JSON.stringify({ detail: 'Tumia SS:DD, saa 24.' }), { status: 400 });
      }
      return defaultNotificationSettings();
    });
    renderApp(<NotificationSettingsCard />);
    const card = await screen.findByTestId('notification-settings');
    fireEvent.click(await within(card).findByRole('switch', { name: 'Tumia saa za utulivu' }));
    expect(within(card).queryByTestId('quiet-start')).not.toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Hifadhi' }));
    expect(await within(card).findByText('Tumia SS:DD, saa 24.')).toBeInTheDocument();
    await waitFor(() => expect(puts).toBe(1));
    expect(untranslated()).toEqual([]);
  });
});
