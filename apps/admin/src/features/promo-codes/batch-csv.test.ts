// @vitest-environment jsdom
import type { DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPromoCode } from '@store/contract';
import { createI18nProvider } from '../../providers/i18n.ts';
import { messages } from './words.ts';
import { batchCsv } from './batch-csv.ts';

/** This feature's words and the shared ones, as the app merges them. */
const i18nProvider = createI18nProvider([messages]);

const code = (id: number, c: string, over: Partial<AdminPromoCode> = {}): AdminPromoCode => ({
  id,
  code: c,
  percent_off: null,
  amount_off: 50,
  valid_from: null,
  valid_until: '2026-12-31T20:59:59Z',
  max_redemptions: 1,
  per_customer: 1,
  min_total: 0,
  applies_to: { video_ids: [], dj_ids: [], genre_ids: [], bundle_ids: [] },
  kinds: ['purchase'],
  first_purchase_only: false,
  active: true,
  note: 'Radio Jambo',
  batch_id: 7,
  times_redeemed: 0,
  total_discount: 0,
  created_at: '2026-11-24T08:00:00Z',
  ...over,
});

function provider(rows: AdminPromoCode[]) {
  const getList = vi.fn(async () => ({ data: rows, total: rows.length }));
  return { dp: { getList } as unknown as DataProvider, getList };
}
const translate = (key: string, values?: Record<string, unknown>) => i18nProvider.translate(key, values);

describe('a batch of codes downloaded as CSV', () => {
  afterEach(() => i18nProvider.changeLocale('en'));

  it('asks for all of the batch’s codes at once, in the order they were made', async () => {
    const { dp, getList } = provider([]);
    await batchCsv(dp, { id: 7 }, translate);
    expect(getList).toHaveBeenCalledWith('promo-codes', { filter: { batch_id: 7 }, pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } });
  });

  it('has a row per code with what it takes off, its end in Nairobi time and its use', async () => {
    const { dp } = provider([code(1, 'RADIOABCD2345'), code(2, 'RADIOXYZW6789', { times_redeemed: 1, total_discount: 50 })]);
    const csv = await batchCsv(dp, { id: 7 }, translate);
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Code,Percent off,Ksh off,Valid until,Used,Taken off (Ksh),On',
      'RADIOABCD2345,,50,2026-12-31 23:59:59,0,0,Yes',
      'RADIOXYZW6789,,50,2026-12-31 23:59:59,1,50,Yes',
    ]);
  });

  it('has its headers in Kiswahili when the back office is', async () => {
    await i18nProvider.changeLocale('sw');
    const { dp } = provider([code(1, 'RADIOABCD2345')]);
    const [header] = (await batchCsv(dp, { id: 7 }, translate)).slice(1).split('\r\n');
    expect(header).toBe('Msimbo,Asilimia ya punguzo,Punguzo kwa Ksh,Unaisha,Umetumika,Punguzo lote (Ksh),Unatumika');
  });
});
