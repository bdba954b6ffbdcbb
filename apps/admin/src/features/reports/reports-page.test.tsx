// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PromoUseReport, RevenueReport } from '@store/contract';
import { createI18nProvider } from '../../providers/i18n.ts';
import { messages } from './words.ts';
import { session } from '../../providers/session.ts';
import { ReportsPage } from './pages.tsx';

/** This feature's words and the shared ones, as the app merges them. */
const i18nProvider = createI18nProvider([messages]);

const row = (key: string, label: string, sales: number, refunds = 0, videos = 1) => ({ key, label, videos, orders: videos ? 1 : 0, sales, refunds, net: sales - refunds });
const byDay: RevenueReport = {
  from: '2026-03-01',
  to: '2026-03-03',
  rows: [row('2026-03-01', '2026-03-01', 70), row('2026-03-02', '2026-03-02', 435, 0, 4), row('2026-03-03', '2026-03-03', 0, 70, 0)],
  total: { videos: 5, orders: 4, sales: 505, refunds: 70, net: 435 },
};
const byKind: RevenueReport = {
  ...byDay,
  rows: [row('purchase', 'purchase', 70, 70), row('rental', 'rental', 25), row('bundle', 'bundle', 360, 0, 2), row('gift', 'gift', 50)],
};
const promo: PromoUseReport = { from: '2026-03-01', to: '2026-03-03', rows: [{ id: 3, code: 'KARIBU20', uses: 2, customers: 2, discount: 34 }], total: { uses: 2, customers: 2, discount: 34 } };

const staff: AuthProvider = { login: async () => undefined, logout: async () => undefined, checkAuth: async () => undefined, checkError: async () => undefined, getPermissions: async () => 'staff' };

/** The bytes the Download CSV button saved, BOM included. */
async function savedCsv(blobs: Blob[]) {
  return new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blobs.at(-1)!);
  });
}

describe('reports in the back office', () => {
  let fetch: ReturnType<typeof vi.fn>;
  let blobs: Blob[];
  beforeEach(() => {
    session.set('token');
    // MUI X Charts measures its box; jsdom has no layout.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    fetch = vi.fn(async (url: string | URL | Request) => {
      const path = String(url);
      if (path.includes('/api/admin/reports/revenue/day')) return Response.json(byDay);
      if (path.includes('/api/admin/reports/revenue/kind')) return Response.json(byKind);
      if (path.includes('/api/admin/reports/promo-codes')) return Response.json(promo);
      return Response.json({ detail: 'Not found.' }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetch);
    blobs = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:csv') }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {});
  });
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    session.set(null);
    await i18nProvider.changeLocale('en');
  });

  const renderPage = () =>
    render(
      <AdminContext i18nProvider={i18nProvider} authProvider={staff}>
        <ReportsPage />
      </AdminContext>,
    );
  const requested = () => fetch.mock.calls.map(([u]) => new URL(String(u), 'http://store.test'));

  it('opens on revenue by day over the last 30 Nairobi days, with totals and a row per day', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-03T22:30:00Z'), toFake: ['Date'] }); // 01:30 on 4 March in Nairobi
    renderPage();
    const table = await screen.findByRole('table', { name: 'Revenue by day' });
    const last = requested().at(-1)!;
    expect([last.searchParams.get('from'), last.searchParams.get('to')]).toEqual(['2026-02-03', '2026-03-04']);
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'DayVideos soldSold (Ksh)Refunded (Ksh)Net (Ksh)',
      '2026-03-011Ksh 70Ksh 0Ksh 70',
      '2026-03-024Ksh 435Ksh 0Ksh 435',
      '2026-03-030Ksh 0Ksh 70Ksh -70',
    ]);
    expect(screen.getAllByText('Net (Ksh)')[0]!.nextSibling?.textContent).toBe('Ksh 435');
    vi.useRealTimers();
  });

  it('asks again for the days chosen, and downloads the rows shown as CSV with the kinds in words', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Revenue by day' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-03' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Report' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Purchases, rentals, bundles, gifts' }));
    const table = await screen.findByRole('table', { name: 'Purchases, rentals, bundles, gifts' });
    expect(within(table).getByText('Rentals')).toBeTruthy();
    const last = requested().at(-1)!;
    expect(`${last.pathname}?${last.searchParams}`).toMatch(/^\/api\/admin\/reports\/revenue\/kind\/?\?from=2026-03-01&to=2026-03-03$/);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const link = vi.mocked(HTMLAnchorElement.prototype.click).mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute('download')).toBe('report-kind-2026-03-01-2026-03-03.csv');
    expect((await savedCsv(blobs)).slice(1).split('\r\n')).toEqual([
      'Kind,Videos sold,Orders,Sold (Ksh),Refunded (Ksh),Net (Ksh)',
      'Purchases,1,1,70,70,0',
      'Rentals,1,1,25,0,25',
      'Bundles,2,1,360,0,360',
      'Gifts,1,1,50,0,50',
    ]);
  });

  it('shows promo codes’ use, and says it all in Kiswahili', async () => {
    await i18nProvider.changeLocale('sw');
    renderPage();
    await screen.findByRole('table', { name: 'Mapato kwa siku' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Ripoti' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Misimbo ya punguzo' }));
    const table = await screen.findByRole('table', { name: 'Misimbo ya punguzo' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['MsimboMatumiziWatejaPunguzo (Ksh)', 'KARIBU2022Ksh 34']);
    expect(screen.getByText('Siku kwa saa za Nairobi (EAT, UTC+3). Pesa kwa Ksh, VAT ikiwemo.')).toBeTruthy();
  });
});
