// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../app/i18n-provider.ts';
import { CustomerPassList, PassList, toInput } from './pages.tsx';

const products = [
  { id: 1, title: 'DJ Afro day pass', scope: { kind: 'dj', value: 4, name: 'Afro' }, hours: 24, price: 20, active: true, video_count: 40 },
  { id: 2, title: 'Month of everything', scope: { kind: 'all', value: null, name: null }, hours: 720, price: 450, active: false, video_count: 312 },
];
const held = [{ id: 9, username: 'amina', title: 'DJ Afro day pass', starts_at: '2026-11-27T08:00:00Z', ends_at: '2026-11-28T08:00:00Z', renewal: 'standing_order', live: true }];

const provider = (rows: object[]) => ({ getList: async () => ({ data: rows, total: rows.length }) }) as unknown as DataProvider;
function show(name: string, List: () => React.ReactNode, rows: object[]) {
  render(
    <AdminContext dataProvider={provider(rows)} i18nProvider={i18nProvider}>
      <ResourceContextProvider value={name}>
        <List />
      </ResourceContextProvider>
    </AdminContext>,
  );
}

describe('passes in the back office', () => {
  afterEach(async () => {
    cleanup();
    await i18nProvider.changeLocale('en');
  });

  it('lists pass products with what they cover, how long, the price and whether they are on sale', async () => {
    show('passes', PassList, products);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('DJ Afro day pass')).toBeTruthy();
    expect(within(table).getByText('One DJ: Afro')).toBeTruthy();
    expect(within(table).getByText('24 h (1 d)')).toBeTruthy();
    expect(within(table).getByText('Everything')).toBeTruthy();
    expect(within(table).getByText('Ksh 450')).toBeTruthy();
    expect(within(table).getByText('On sale')).toBeTruthy();
  });

  it('says it in Kiswahili, and lists customers’ passes with their renewal', async () => {
    await i18nProvider.changeLocale('sw');
    show('customer-passes', CustomerPassList, held);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Mteja')).toBeTruthy();
    expect(within(table).getByText('amina')).toBeTruthy();
    expect(within(table).getByText('Malipo ya kudumu (Ratiba)')).toBeTruthy();
    expect(within(table).getByText('2026-11-28 11:00:00')).toBeTruthy();
  });

  it('sends the server the product as it takes it: no scope value for everything', () => {
    expect(toInput({ title: 'Week', scope: { kind: 'all', value: 4 }, hours: '168', price: '150', active: true })).toEqual({ title: 'Week', scope: { kind: 'all', value: null }, hours: 168, price: 150, active: true });
    expect(toInput({ title: 'Films', scope: { kind: 'category', value: 'movie' }, hours: 24, price: 30, active: false })).toEqual({ title: 'Films', scope: { kind: 'category', value: 'movie' }, hours: 24, price: 30, active: false });
  });
});
