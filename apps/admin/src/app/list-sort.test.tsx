// @vitest-environment jsdom
import type { ComponentType } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { adminSortFields, type AdminList } from '@store/contract';
import { AuditList } from '../features/audit/pages.tsx';
import { ContactMessageList } from '../features/contact-messages/pages.tsx';
import { CustomerList } from '../features/customers/pages.tsx';
import { DepositList } from '../features/deposits/pages.tsx';
import { DjList } from '../features/djs/pages.tsx';
import { GenreList } from '../features/genres/pages.tsx';
import { LedgerList } from '../features/ledger/pages.tsx';
import { NotificationList } from '../features/notifications/pages.tsx';
import { PayoutList } from '../features/payouts/pages.tsx';
import { PersonList } from '../features/people/pages.tsx';
import { PurchaseList } from '../features/purchases/pages.tsx';
import { PromoCodeList } from '../features/promo-codes/pages.tsx';
import { PromoBatchList } from '../features/promo-codes/batches.tsx';
import { ReceiptList } from '../features/receipts/pages.tsx';
import { VideoList } from '../features/videos/video-list.tsx';
import { i18nProvider } from './i18n-provider.ts';

/** Every list screen of the back office, by the server list it reads. */
const LIST_SCREENS: Record<AdminList, ComponentType> = {
  videos: VideoList,
  djs: DjList,
  genres: GenreList,
  customers: CustomerList,
  deposits: DepositList,
  purchases: PurchaseList,
  ledger: LedgerList,
  people: PersonList,
  notifications: NotificationList,
  'contact-messages': ContactMessageList,
  audit: AuditList,
  'promo-codes': PromoCodeList,
  'promo-batches': PromoBatchList,
  payouts: PayoutList,
  receipts: ReceiptList,
};

/** One row in every list (a table is drawn only for rows), as the server would send it. */
const ROW = {
  id: 1,
  title: 'Empire of Swords',
  dj_name: 'Zamu',
  username: 'amina',
  email: 'amina@example.co.ke',
  phone_number: '254712000000',
  phone: '254712000000',
  name: 'Amina',
  full_name: 'Amina Wanjiru',
  message: 'Hello',
  role: 'team',
  state: 'pending',
  kind: 'deposit',
  action: 'create',
  resource: 'djs',
  record_id: '1',
  user_id: 1,
  dj_id: 1,
  genre_id: 1,
  cartegory: 'movie',
  price: 100,
  amount: 100,
  balance: 100,
  balance_after: 100,
  purchases: 0,
  purchase_times: 0,
  sort_order: 0,
  is_staff: false,
  is_active: true,
  is_read: false,
  published: true,
  playable: true,
  job: null,
  files: [],
  poster: null,
  created_at: '2026-11-20T10:00:00Z',
  date_joined: '2026-11-20T10:00:00Z',
  date_uploaded: '2026-11-20T10:00:00Z',
  date_notified: '2026-11-20T10:00:00Z',
};

const oneRow = { getList: async () => ({ data: [ROW], total: 1 }), getMany: async () => ({ data: [ROW] }), getOne: async () => ({ data: ROW }) } as unknown as DataProvider;

/** The fields a list's table lets staff sort by: its headers that sort on a click. */
async function sortableColumns(name: AdminList): Promise<string[]> {
  const List = LIST_SCREENS[name];
  render(
    <AdminContext dataProvider={oneRow} i18nProvider={i18nProvider}>
      <ResourceContextProvider value={name}>
        <List />
      </ResourceContextProvider>
    </AdminContext>,
  );
  const table = await screen.findByRole('table');
  return [...table.querySelectorAll('thead [data-field]')].map((header) => header.getAttribute('data-field')!);
}

describe('the back office’s list tables', () => {
  afterEach(cleanup);

  it.each(Object.keys(LIST_SCREENS) as AdminList[])('%s: every column staff can click to sort is a field the server sorts that list by', async (name) => {
    const columns = await sortableColumns(name);
    expect(columns.length, `${name} has no sortable column`).toBeGreaterThan(0);
    const allowed: readonly string[] = adminSortFields[name];
    expect(columns.filter((field) => !allowed.includes(field))).toEqual([]);
  });
});
