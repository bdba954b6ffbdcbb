// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDj, Statement } from '@store/contract';
import { RefundButton } from '../../components/refund-button.tsx';
import { createI18nProvider } from '../../providers/i18n.ts';
import { messages } from './words.ts';
import { session } from '../../providers/session.ts';
import { StatementPage } from './statement-page.tsx';

/** This feature's words and the shared ones, as the app merges them. */
const i18nProvider = createI18nProvider([messages]);

const zamu: AdminDj = { id: 1, dj_name: 'Zamu', created_at: '2026-11-01T00:00:00Z', revenue_share_percent: 40, payout_phone: '254708374149', login_username: null };
const statement: Statement = {
  dj_id: 1,
  month: '2026-11',
  lines: [
    { date: '2026-11-20T07:00:00Z', kind: 'purchase', title: 'Empire of Swords (Season 1)', paid: 200, vat: 28, earned: 69, share_percent: 40 },
    { date: '2026-11-21T07:00:00Z', kind: 'refund', title: 'Nairobi Heist', paid: -70, vat: -10, earned: -24, share_percent: 35 },
  ],
  // 50 + 69 − 24 − 2 − 50 = 43
  brought_forward: 50,
  earned: 69,
  refunds: 24,
  earnings: 45,
  withholding_tax: 2,
  payouts: 50,
  carried_forward: 43,
  owed: 43,
};

const staff = (role: 'staff' | 'dj'): AuthProvider => ({ login: async () => undefined, logout: async () => undefined, checkAuth: async () => undefined, checkError: async () => undefined, getPermissions: async () => role });
const data = { getList: async () => ({ data: [zamu], total: 1 }) } as unknown as DataProvider;

describe('DJ statements in the back office', () => {
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    session.set('token');
    fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const path = String(url);
      if (path === '/api/admin/me') return Response.json({ role: 'dj', dj_id: 1, dj_name: 'Zamu' });
      if (path.startsWith('/api/admin/djs/1/statement/')) return Response.json(statement);
      if (path === '/api/admin/payouts/' && init?.method === 'POST') return Response.json({ id: 9, dj_id: 1, amount: 43, state: 'pending', mpesa_receipt: null }, { status: 201 });
      if (path.startsWith('/api/admin/purchases/')) return Response.json({ id: 5 });
      return Response.json({ detail: 'Not found.' }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    session.set(null);
  });

  it('shows staff a DJ’s month, line by line, and pays what is owed once with an Idempotency-Key', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider} authProvider={staff('staff')} dataProvider={data}>
        <StatementPage />
      </AdminContext>,
    );
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'DJ' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Zamu' }));
    expect(await screen.findByText('Empire of Swords (Season 1)')).toBeTruthy();
    expect(screen.getByText('Owed now').nextSibling?.textContent).toBe('Ksh 43');
    fireEvent.click(screen.getByRole('button', { name: 'Pay Ksh 43' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ksh 43 is owed. It goes to 254708374149 by M-Pesa B2C, once.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(fetch.mock.calls.some(([u, i]) => String(u) === '/api/admin/payouts/' && (i as RequestInit).method === 'POST')).toBe(true));
    const [, init] = fetch.mock.calls.find(([u, i]) => String(u) === '/api/admin/payouts/' && (i as RequestInit).method === 'POST')!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ dj_id: 1, amount: 43 });
    expect(new Headers((init as RequestInit).headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a DJ’s own login its own statement, with no DJ to choose and no Pay button', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider} authProvider={staff('dj')} dataProvider={data}>
        <StatementPage />
      </AdminContext>,
    );
    expect(await screen.findByText('Nairobi Heist')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'DJ' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('shows the month adding up from what was brought forward, with the DJ’s share on each line', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider} authProvider={staff('dj')} dataProvider={data}>
        <StatementPage />
      </AdminContext>,
    );
    const amount = async (label: string) => (await screen.findByText(label)).nextSibling?.textContent;
    expect(await amount('Brought forward (owed at the start of the month)')).toBe('Ksh 50');
    expect(await amount('Earned: sales, rentals and pass shares')).toBe('+ Ksh 69');
    expect(await amount('Less refunds and credit notes')).toBe('− Ksh 24');
    expect(await amount('Less withholding tax')).toBe('− Ksh 2');
    expect(await amount('Less paid out this month')).toBe('− Ksh 50');
    expect(await amount('Owed at the end of the month')).toBe('Ksh 43');
    const table = screen.getByRole('table', { name: 'The month’s sales, rentals, pass shares and refunds' });
    expect(within(table).getByRole('columnheader', { name: 'Share' })).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent).slice(1))).toEqual([
      ['Purchase', '200', '28', '40%', '69'],
      ['Refund', '-70', '-10', '35%', '-24'],
    ]);
  });

  it('shows each line as a card with every amount named on a 360 px phone, no table to scroll sideways', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined }));
    render(
      <AdminContext i18nProvider={i18nProvider} authProvider={staff('dj')} dataProvider={data}>
        <StatementPage />
      </AdminContext>,
    );
    const list = await screen.findByRole('list', { name: 'The month’s sales, rentals, pass shares and refunds' });
    expect(screen.queryByRole('table')).toBeNull();
    const [sale] = within(list).getAllByRole('listitem');
    expect(within(sale!).getByText('Earned (Ksh)').nextSibling?.textContent).toBe('69');
    expect(within(sale!).getByText('Share').nextSibling?.textContent).toBe('40%');
    expect(screen.getByText('Brought forward (owed at the start of the month)')).toBeTruthy();
  });

  it('lets staff send a refund to the customer’s M-Pesa instead of the balance', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider} authProvider={staff('staff')} dataProvider={data}>
        <RecordContextProvider value={{ id: 5, price: 70, video_title: 'Nairobi Heist', username: 'wanjiku', refunded_at: null }}>
          <RefundButton />
        </RecordContextProvider>
      </AdminContext>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('To the customer’s M-Pesa phone'));
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Would not play' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund Ksh 70' }));
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u) === '/api/admin/purchases/5/refund')).toBe(true));
    const [, init] = fetch.mock.calls.find(([u]) => String(u) === '/api/admin/purchases/5/refund')!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ reason: 'Would not play', to: 'mpesa' });
  });
});
