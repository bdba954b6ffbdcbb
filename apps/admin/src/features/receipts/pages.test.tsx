// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReceipt } from '@store/contract';
import { createI18nProvider } from '../../providers/i18n.ts';
import { messages } from './words.ts';
import { ReceiptList } from './pages.tsx';

/** This feature's words and the shared ones, as the app merges them. */
const i18nProvider = createI18nProvider([messages]);

const refused: AdminReceipt = { id: 7, invoice_no: 41, kind: 'sale', original_invoice_no: null, taxable_total: 171.55, vat_total: 27.45, total: 199, customer_email: 'amina@example.co.ke', issued_at: '2026-11-24T07:15:00Z', state: 'failed', attempts: 3, result_code: '910', error: 'Request parameter error: taxAmtB is not the 16% inside taxblAmtB', next_attempt_at: '2026-11-24T07:25:00Z' };

describe('every tax invoice and credit note in the back office', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows why KRA refused a receipt and sends it again on Retry', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const body = url.includes('/token/refresh/') ? { access: 'a', refresh: 'r' } : { detail: 'ok' };
      return new Response(JSON.stringify(body), { status: url.includes('/token/refresh/') ? 200 : 202, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const data = { getList: async () => ({ data: [refused], total: 1 }) } as unknown as DataProvider;
    render(
      <AdminContext dataProvider={data} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="receipts">
          <ReceiptList />
        </ResourceContextProvider>
      </AdminContext>,
    );
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('41');
    expect(row.textContent).toContain('Refused');
    expect(row.textContent).toContain('910: Request parameter error: taxAmtB is not the 16% inside taxblAmtB');
    fireEvent.click(within(row).getByRole('button', { name: 'Retry now' }));
    const calls = () => (fetchMock.mock.calls as unknown as [string, RequestInit][]).map(([url, init]) => `${init.method} ${url}`);
    await vi.waitFor(() => expect(calls()).toContain('POST /api/admin/receipts/7/retry'));
  });

  it('says a waiting receipt’s number follows when KRA signs, in English and Kiswahili', async () => {
    const waiting: AdminReceipt = { ...refused, id: 8, invoice_no: null, state: 'pending', attempts: 0, result_code: null, error: null };
    const data = { getList: async () => ({ data: [waiting], total: 1 }) } as unknown as DataProvider;
    const show = () =>
      render(
        <AdminContext dataProvider={data} i18nProvider={i18nProvider}>
          <ResourceContextProvider value="receipts">
            <ReceiptList />
          </ResourceContextProvider>
        </AdminContext>,
      );
    show();
    expect(within(await screen.findByRole('table')).getAllByRole('row')[1]!.textContent).toMatch(/^Number follows when KRA signsWaitingTax invoice/);
    cleanup();
    await i18nProvider.changeLocale('sw');
    try {
      show();
      expect(within(await screen.findByRole('table')).getAllByRole('row')[1]!.textContent).toMatch(/^Nambari itafuata KRA ikisainiInasubiriAnkara ya kodi/);
    } finally {
      await i18nProvider.changeLocale('en');
    }
  });

  it('lists a signed credit note with its invoice, its VAT to the cent, and no Retry; filters by state, kind and month', async () => {
    const note: AdminReceipt = { ...refused, id: 9, invoice_no: 42, kind: 'credit_note', original_invoice_no: 41, taxable_total: 100, vat_total: 16, total: 116, state: 'signed', attempts: 1, result_code: '000', error: null };
    const getList = vi.fn(async () => ({ data: [note], total: 1 }));
    render(
      <AdminContext dataProvider={{ getList } as unknown as DataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="receipts">
          <ReceiptList />
        </ResourceContextProvider>
      </AdminContext>,
    );
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(row.textContent).toMatch(/^42SignedCredit note41amina@example\.co\.keKsh 100\.00Ksh 16\.00Ksh 116\.00/);
    expect(row.textContent).toContain('Signed');
    expect(within(row).queryByRole('button', { name: 'Retry now' })).toBeNull();
    expect(getList).toHaveBeenCalledWith('receipts', expect.objectContaining({ sort: { field: 'issued_at', order: 'DESC' } }));
    expect(screen.getByLabelText('Month')).toBeTruthy();
    fireEvent.mouseDown(screen.getAllByRole('combobox').find((c) => c.closest('[class*=MuiFormControl]')?.textContent?.startsWith('Kind'))!);
    fireEvent.click(await screen.findByRole('option', { name: 'Credit note' }));
    await vi.waitFor(() => expect(getList).toHaveBeenLastCalledWith('receipts', expect.objectContaining({ filter: { kind: 'credit_note' } })));
  });
});
