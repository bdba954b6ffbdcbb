// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminBundle, AdminGift } from '@store/contract';
import { BundleList } from '../features/bundles/pages.tsx';
import { GiftList } from '../features/gifts/pages.tsx';
import { i18nProvider } from './i18n-provider.ts';

const gift = (over: Partial<AdminGift>): AdminGift => ({
  id: 1,
  state: 'sent',
  giver_id: 7,
  giver: 'amina',
  to_phone: '254712000001',
  to_email: null,
  recipient_id: null,
  recipient: null,
  title: 'Empire of Swords: all seasons',
  video_ids: [3, 4],
  bundle_id: 2,
  pass_id: null,
  amount: 360,
  created_at: '2026-11-20T10:00:00Z',
  expires_at: '2026-12-20T10:00:00Z',
  claimed_at: null,
  returned_at: null,
  ...over,
});
const bundle: AdminBundle = { id: 2, title: 'Empire of Swords: all seasons', description: '', image: null, kind: 'all_seasons', series: 'empire of swords', discount_percent: 20, video_ids: [3, 4], price: 360, list_total: 450, published: true, sold: 3, created_at: '2026-11-20T10:00:00Z' };

function provider(rows: object[]): DataProvider {
  return { getList: async () => ({ data: rows, total: rows.length }), getMany: async () => ({ data: [{ id: 7, username: 'amina' }, { id: 9, username: 'baraka' }] }), getOne: async () => ({ data: rows[0] }) } as unknown as DataProvider;
}
function show(name: string, List: () => React.ReactNode, rows: object[]) {
  render(
    <AdminContext dataProvider={provider(rows)} i18nProvider={i18nProvider}>
      <ResourceContextProvider value={name}>
        <List />
      </ResourceContextProvider>
    </AdminContext>,
  );
}
const sortable = async () => [...(await screen.findByRole('table')).querySelectorAll('thead [data-field]')].map((h) => h.getAttribute('data-field'));

describe('gifts and bundles in the back office', () => {
  afterEach(cleanup);

  it('lists each gift with its state, where it was sent, and sorts only by what the server sorts', async () => {
    show('gifts', GiftList, [gift({}), gift({ id: 2, state: 'claimed', to_phone: null, to_email: 'rafiki@example.co.ke', recipient_id: 9, recipient: 'baraka' })]);
    expect(await screen.findByText('Sent, not claimed')).toBeTruthy();
    expect(screen.getByText('Claimed')).toBeTruthy();
    expect(screen.getByText('+254712000001')).toBeTruthy();
    expect(screen.getByText('rafiki@example.co.ke')).toBeTruthy();
    expect((await sortable()).filter((f) => !['id', 'created_at', 'state', 'amount', 'expires_at', 'giver', 'recipient'].includes(f!))).toEqual([]);
  });

  it('lists bundles with their price and list total, sortable only by stored fields', async () => {
    show('bundles', BundleList, [bundle]);
    expect(await screen.findByText('All seasons of a series')).toBeTruthy();
    expect(screen.getByText('Ksh 360')).toBeTruthy();
    expect(screen.getByText('Ksh 450')).toBeTruthy();
    expect((await sortable()).filter((f) => !['title', 'kind', 'discount_percent', 'published', 'id', 'created_at'].includes(f!))).toEqual([]);
  });
});
