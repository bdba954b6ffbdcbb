import { useState } from 'react';
import { Link } from 'react-router-dom';
import { downloadCSV, Title } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { VatReport } from '@store/contract';
import { kshCents } from '../../lib/format.ts';
import { httpClient } from '../../providers/data-provider.ts';
import { useWords, type Word } from './words.ts';

/** A month of Nairobi time (UTC+3) as YYYY-MM: this one, or `back` months before. */
export function nairobiMonth(now: number, back = 0): string {
  const d = new Date(now + 3 * 3600_000);
  d.setUTCDate(1); // the 31st less a month must not roll over into the same month
  d.setUTCMonth(d.getUTCMonth() - back);
  return d.toISOString().slice(0, 7);
}

const BLOCKS = ['sales', 'credit_notes', 'net'] as const;
const TITLES: Record<(typeof BLOCKS)[number], Word> = { sales: 'vat.sales', credit_notes: 'vat.credit_notes', net: 'vat.net' };
const NET_HINT: Word = 'vat.net_hint';

/**
 * The month's output VAT (CONTRACT §16) for the accountant: tax invoices, credit notes and the net
 * to file, each taxable, VAT and total, from the receipts themselves; "this month" and "last month"
 * a tap away, and the month's receipts as CSV (one line each, credit notes negative).
 */
export function VatPage() {
  const t = useWords();
  const [month, setMonth] = useState(() => nairobiMonth(Date.now()));
  const url = `/api/admin/reports/vat/?month=${month}`;
  const report = useQuery({
    queryKey: ['vat', month],
    enabled: /^\d{4}-\d{2}$/.test(month),
    queryFn: async () => (await httpClient(url)).json as VatReport,
  });

  async function csv() {
    const { body } = await httpClient(`${url}&format=csv`, { headers: new Headers({ Accept: 'text/csv' }) });
    downloadCSV(body, `vat-${month}`);
  }

  const data = report.data;
  return (
    <Card sx={{ mt: 1 }}>
      <Title title={t('vat.title')} />
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1, flexWrap: 'wrap', alignItems: { sm: 'center' } }} useFlexGap>
          <TextField type="month" label={t('vat.month')} value={month} onChange={(e) => setMonth(e.target.value)} size="small" fullWidth={false} slotProps={{ inputLabel: { shrink: true } }} />
          <Stack direction="row" spacing={1}>
            <Button size="small" onClick={() => setMonth(nairobiMonth(Date.now()))}>
              {t('vat.this_month')}
            </Button>
            <Button size="small" onClick={() => setMonth(nairobiMonth(Date.now(), 1))}>
              {t('vat.last_month')}
            </Button>
          </Stack>
          {data && (
            <Button onClick={() => void csv()} variant="outlined" size="small">
              {t('vat.csv')}
            </Button>
          )}
          {/* The month's receipts with their eTIMS state: the list opens filtered to this month, not on every month. */}
          <Button component={Link} to={{ pathname: '/receipts', search: `?filter=${encodeURIComponent(JSON.stringify({ month }))}` }} size="small">
            {t('vat.receipts')}
          </Button>
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
          {t('vat.nairobi')}
        </Typography>
        {report.isLoading && <Typography aria-live="polite">{t('vat.loading')}</Typography>}
        {report.error && <Alert severity="error">{t('vat.failed', { error: report.error.message })}</Alert>}
        {data && (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
            {BLOCKS.map((b) => (
              <Block key={b} title={TITLES[b]} figures={data[b]} {...(b === 'net' ? { hint: NET_HINT } : {})} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** One of the three blocks: its receipts (none for net), taxable, VAT and total. */
function Block(props: { title: Word; figures: { count?: number; taxable: number; vat: number; total: number }; hint?: Word }) {
  const t = useWords();
  const f = props.figures;
  const rows: [Word, string][] = [...(f.count === undefined ? [] : [['vat.count', String(f.count)] as [Word, string]]), ['vat.taxable', kshCents(f.taxable)], ['vat.vat', kshCents(f.vat)], ['vat.total', kshCents(f.total)]];
  return (
    <Card variant="outlined" component="section" aria-label={t(props.title)}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t(props.title)}
        </Typography>
        {props.hint && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {t(props.hint)}
          </Typography>
        )}
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.5, m: 0 }}>
          {rows.map(([id, value]) => (
            <Box key={id} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(id)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
