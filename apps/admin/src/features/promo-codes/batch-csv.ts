import { downloadCSV, type DataProvider } from 'react-admin';
import { formatDate, MAX_PROMO_BATCH, type AdminPromoBatch, type AdminPromoCode } from '@store/contract';
import { toCsv } from '../../lib/csv-export.ts';
import { promoColumns } from './promo-format.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * A batch's codes as one CSV file for the DJ or the radio station: all of them (a batch holds at
 * most 1,000, one page of the list), in the order they were made, written by the exporter every
 * list uses (jsonexport, decision 0037). The file is `<prefix>-codes-<date>.csv`.
 */
export async function batchCsv(dataProvider: DataProvider, batch: Pick<AdminPromoBatch, 'id'>, translate: Translate): Promise<string> {
  const { data } = await dataProvider.getList<AdminPromoCode>('promo-codes', {
    filter: { batch_id: batch.id },
    pagination: { page: 1, perPage: MAX_PROMO_BATCH },
    sort: { field: 'id', order: 'ASC' },
  });
  return toCsv(data, promoColumns, translate);
}

export async function downloadBatchCsv(dataProvider: DataProvider, batch: Pick<AdminPromoBatch, 'id' | 'prefix'>, translate: Translate): Promise<void> {
  downloadCSV(await batchCsv(dataProvider, batch, translate), `${batch.prefix}-codes-${formatDate(new Date(), { dateOnly: true })}`);
}
