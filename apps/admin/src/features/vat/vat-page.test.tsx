// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VatReport } from '@store/contract';
import { createI18nProvider } from '../../providers/i18n.ts';
import { session } from '../../providers/session.ts';
import { messages } from './words.ts';
import { kshCents } from '../../lib/format.ts';
import { nairobiMonth, VatPage } from './vat-page.tsx';

/** This feature's words and the shared ones, as the app merges them. */
const i18nProvider = createI18nProvider([messages]);
const staff: AuthProvider = { login: async () => undefined, logout: async () => undefined, checkAuth: async () => undefined, checkError: async () => undefined, getPermissions: async () => 'staff' };

const march: VatReport = {
  month: '2026-03',
  sales: { count: 3, taxable: 155.17, vat: 24.83, total: 180 },
  credit_notes: { count: 1, taxable: 100, vat: 16, total: 116 },
  net: { taxable: 55.17, vat: 8.83, total: 64 },
};
const CSV = 'invoice_no,date,kind,original_invoice_no,buyer,taxable,vat,total,etims_state\n1,05/03/2026 12:00,sale,,amina@example.co.ke,100.00,16.00,116.00,signed';

describe('the month’s VAT in the back office', () => {
  let fetch: ReturnType<typeof vi.fn>;
  let blobs: Blob[];
  beforeEach(() => {
    session.set('token');
    fetch = vi.fn(async (url: string | URL | Request) => {
      const u = new URL(String(url), 'http://store.test');
      if (u.pathname.startsWith('/api/admin/reports/vat')) {
        if (u.searchParams.get('format') === 'csv') return new Response(CSV, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
        const month = u.searchParams.get('month')!;
        const none = { count: 0, taxable: 0, vat: 0, total: 0 };
        return Response.json(month === '2026-03' ? march : { month, sales: none, credit_notes: none, net: { taxable: 0, vat: 0, total: 0 } });
      }
      return Response.json({ detail: 'Not found.' }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetch);
    blobs = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:csv') }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {});
  });
  afterEach(async () => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    session.set(null);
    await i18nProvider.changeLocale('en');
  });

  const renderPage = () =>
    render(
      <AdminContext i18nProvider={i18nProvider} authProvider={staff}>
        <VatPage />
      </AdminContext>,
    );
  const months = () => fetch.mock.calls.map(([u]) => new URL(String(u), 'http://store.test').searchParams.get('month'));
  const block = (name: string) => within(screen.getByRole('region', { name })).getAllByRole('definition').map((d) => d.textContent);

  it('opens on this Nairobi month, goes to last month in a tap, and shows the three blocks to the cent', async () => {
    vi.useFakeTimers({ now: new Date('2026-04-30T21:30:00Z'), toFake: ['Date'] }); // 00:30 on 1 May in Nairobi
    renderPage();
    await waitFor(() => expect(months()).toContain('2026-05'));
    fireEvent.click(screen.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(months().at(-1)).toBe('2026-04'));
    await waitFor(() => expect(block('Net output VAT')).toEqual(['Ksh 0.00', 'Ksh 0.00', 'Ksh 0.00']));
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-03' } });
    await screen.findByText('Ksh 155.17');
    expect(block('Tax invoices')).toEqual(['3', 'Ksh 155.17', 'Ksh 24.83', 'Ksh 180.00']);
    expect(block('Credit notes')).toEqual(['1', 'Ksh 100.00', 'Ksh 16.00', 'Ksh 116.00']);
    expect(block('Net output VAT')).toEqual(['Ksh 55.17', 'Ksh 8.83', 'Ksh 64.00']);
  });

  it('downloads the month’s receipts as the server’s CSV', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-03' } });
    await screen.findByText('Ksh 155.17');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const link = vi.mocked(HTMLAnchorElement.prototype.click).mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute('download')).toBe('vat-2026-03.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text).toContain('05/03/2026 12:00,sale');
  });

  it('opens the month’s receipts filtered to that month', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-03' } });
    await screen.findByText('Ksh 155.17');
    const link = screen.getByRole('link', { name: 'The month’s receipts' });
    const to = new URL(link.getAttribute('href')!.replace(/^#/, ''), 'http://store.test');
    expect(to.pathname).toBe('/receipts');
    expect(JSON.parse(to.searchParams.get('filter')!)).toEqual({ month: '2026-03' });
  });

  it('says it all in Kiswahili', async () => {
    await i18nProvider.changeLocale('sw');
    renderPage();
    fireEvent.change(screen.getByLabelText('Mwezi'), { target: { value: '2026-03' } });
    await screen.findByText('Ksh 155.17');
    expect(screen.getByRole('region', { name: 'Hati za marejesho' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mwezi uliopita' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pakua CSV' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Risiti za mwezi' })).toBeTruthy();
  });

  it('works out months and amounts as the accountant reads them', () => {
    expect(nairobiMonth(Date.parse('2026-03-31T20:30:00Z'))).toBe('2026-03'); // 23:30 in Nairobi
    expect(nairobiMonth(Date.parse('2026-03-31T21:00:00Z'))).toBe('2026-04');
    expect(nairobiMonth(Date.parse('2026-03-31T12:00:00Z'), 1)).toBe('2026-02');
    expect(nairobiMonth(Date.parse('2026-01-15T12:00:00Z'), 1)).toBe('2025-12');
    expect([kshCents(8.8), kshCents(1234.5), kshCents(0), kshCents(-16)]).toEqual(['Ksh 8.80', 'Ksh 1,234.50', 'Ksh 0.00', 'Ksh -16.00']);
  });
});
