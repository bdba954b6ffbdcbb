// @vitest-environment jsdom
import type { FetchRelatedRecords } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../providers/i18n.ts';
import { l } from '../providers/words.ts';
import { csvDate, csvExporter, type CsvColumn } from './csv-export.ts';

/** The shared words only: shared code's CSV needs no feature's. */
const i18nProvider = createI18nProvider([]);

interface Entry {
  username: string;
  kind: 'refund' | 'purchase';
  amount: number;
  note: string | null;
  created_at: string;
  dj_id: number;
}
const columns: CsvColumn<Entry>[] = [
  [l('When'), (e) => csvDate(e.created_at)],
  [l('Customer'), (e) => e.username],
  [l('Kind'), (e, c) => c.t(`ledger.${e.kind}`)],
  [l('Amount (Ksh)'), (e) => e.amount],
  [l('Reason or note'), (e) => e.note ?? ''],
  [l('DJ'), (e, c) => String(c.related.dj_id?.[e.dj_id]?.dj_name ?? '')],
  [l('Staff'), (e) => e.kind === 'refund'],
];
const rows: Entry[] = [
  { username: 'achieng', kind: 'refund', amount: 1250, note: 'Paid twice, "by mistake"', created_at: '2026-11-23T21:30:00Z', dj_id: 4 },
  { username: '=HYPERLINK("http://x")', kind: 'purchase', amount: -70, note: null, created_at: '2026-11-24T06:05:09Z', dj_id: 4 },
];

/** Runs a list's exporter as its Export button does and reads the file it downloads. */
async function download(language: 'en' | 'sw') {
  await i18nProvider.changeLocale(language);
  const blobs: Blob[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:csv') }));
  const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {});
  const related = vi.fn(async () => ({ 4: { id: 4, dj_name: 'DJ Afro' } }));
  // ra-core's type is generic in the record; this stand-in answers DJs only.
  await csvExporter(columns, { dj_id: 'djs' })(rows, related as unknown as FetchRelatedRecords, {} as never, 'ledger');
  expect(related).toHaveBeenCalledWith(rows, 'dj_id', 'djs');
  const link = clicked.mock.contexts[0] as HTMLAnchorElement;
  // jsdom's Blob has no text(); the bytes as they are, BOM included (a text reader would drop it).
  const csv = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blobs[0]!);
  });
  return { name: link.getAttribute('download'), csv };
}

describe('a list exported as CSV', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18nProvider.changeLocale('en');
  });

  it('has the columns staff see, money in whole Ksh, dates in Nairobi time, and words for yes, no and kinds', async () => {
    const { name, csv } = await download('en');
    expect(name).toMatch(/^ledger-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'When,Customer,Kind,Amount (Ksh),Reason or note,DJ,Staff',
      '2026-11-24 00:30:00,achieng,Refund,1250,"Paid twice, ""by mistake""",DJ Afro,Yes',
      // A name that a spreadsheet would run as a formula stays text; a debit stays a number.
      `2026-11-24 09:05:09,"'=HYPERLINK(""http://x"")",Purchase,-70,,DJ Afro,No`,
    ]);
  });

  it('has its headers and words in Kiswahili when the back office is', async () => {
    const { csv } = await download('sw');
    const [header, first] = csv.slice(1).split('\r\n');
    expect(header).toBe('Lini,Mteja,Aina,Kiasi (Ksh),Sababu au maelezo,DJ,Mfanyakazi');
    expect(first).toContain(',Kurudishiwa pesa,1250,');
  });
});
