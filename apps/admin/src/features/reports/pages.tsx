import { useState } from 'react';
import { downloadCSV, Title, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@mui/x-charts/BarChart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatKsh, type PromoUseReport, type RevenueReport } from '@store/contract';
import { toCsv, type CsvColumn } from '../../lib/csv-export.ts';
import { usePhone } from '../../lib/use-phone.ts';
import { adminCall } from '../../lib/admin-api.ts';
import type { Label } from '../../providers/i18n.ts';
import { useWords, w, type Word } from './words.ts';

const REPORTS = ['day', 'dj', 'genre', 'video', 'kind', 'promo'] as const;
type ReportName = (typeof REPORTS)[number];
const TITLES: Record<ReportName, Word> = { day: 'reports.by_day', dj: 'reports.by_dj', genre: 'reports.by_genre', video: 'reports.by_video', kind: 'reports.by_kind', promo: 'reports.promo' };
const KEY_COLUMN: Record<ReportName, Word> = { day: 'reports.day', dj: 'reports.dj', genre: 'reports.genre', video: 'reports.video', kind: 'reports.kind', promo: 'reports.code' };
/** The chart shows the best this many; the table and the CSV have every row. */
const CHART_ROWS = 12;

const DAY_MS = 24 * 3600_000;
/** A Nairobi day (UTC+3, no daylight saving) as YYYY-MM-DD. */
const nairobiDay = (ms: number) => new Date(ms + 3 * 3600_000).toISOString().slice(0, 10);
const validDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

type Row = RevenueReport['rows'][number];
type PromoRow = PromoUseReport['rows'][number];

/** A column header in the back office's language: our words, translated as react-admin's labels are. */
const header = (id: Word) => w(id) as Label;

/**
 * Reports (CONTRACT §12): revenue by day, DJ, genre and video, the ways of selling, and promo codes'
 * use, over a range of Nairobi days; each a chart (MUI X Charts, decision 0043), the same rows as a
 * table, and a CSV of them.
 */
export function ReportsPage() {
  const t = useWords();
  const translate = useTranslate();
  const phone = usePhone();
  const [which, setWhich] = useState<ReportName>('day');
  const [from, setFrom] = useState(() => nairobiDay(Date.now() - 29 * DAY_MS));
  const [to, setTo] = useState(() => nairobiDay(Date.now()));
  const path = which === 'promo' ? '/reports/promo-codes' : `/reports/revenue/${which}`;
  const report = useQuery({
    queryKey: ['report', which, from, to],
    enabled: validDay(from) && validDay(to),
    queryFn: () => adminCall<RevenueReport | PromoUseReport>(`${path}?from=${from}&to=${to}`, { method: 'GET' }),
  });
  const label = (r: Row) => (which === 'kind' ? t(`reports.kind_${r.key}` as Word) : which === 'dj' && !r.label ? t('reports.no_dj') : r.label);

  async function csv(data: RevenueReport | PromoUseReport) {
    const text =
      which === 'promo'
        ? await toCsv<PromoRow>((data as PromoUseReport).rows, [[header('reports.code'), (r) => r.code], [header('reports.uses'), (r) => r.uses], [header('reports.customers'), (r) => r.customers], [header('reports.discount'), (r) => r.discount]], translate)
        : await toCsv<Row>((data as RevenueReport).rows, revenueColumns(which, label), translate);
    downloadCSV(text, `report-${which}-${data.from}-${data.to}`);
  }

  const data = report.data;
  const revenue = data && which !== 'promo' ? (data as RevenueReport) : null;
  const promo = data && which === 'promo' ? (data as PromoUseReport) : null;
  return (
    <Card sx={{ mt: 1 }}>
      <Title title={t('reports.title')} />
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1, flexWrap: 'wrap', alignItems: { sm: 'center' } }} useFlexGap>
          <TextField select label={t('reports.which')} value={which} onChange={(e) => setWhich(e.target.value as ReportName)} size="small" fullWidth={false} sx={{ minWidth: 240 }}>
            {REPORTS.map((r) => (
              <MenuItem key={r} value={r}>
                {t(TITLES[r])}
              </MenuItem>
            ))}
          </TextField>
          <TextField type="date" label={t('reports.from')} value={from} onChange={(e) => setFrom(e.target.value)} size="small" fullWidth={false} slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to } }} />
          <TextField type="date" label={t('reports.to')} value={to} onChange={(e) => setTo(e.target.value)} size="small" fullWidth={false} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from } }} />
          {data && (
            <Button onClick={() => void csv(data)} variant="outlined" size="small">
              {t('reports.csv')}
            </Button>
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
          {t('reports.nairobi')}
        </Typography>
        {report.isLoading && <Typography aria-live="polite">{t('reports.loading')}</Typography>}
        {report.error && <Alert severity="error">{t('reports.failed', { error: report.error.message })}</Alert>}
        {revenue && <RevenueView report={revenue} which={which} label={label} phone={phone} />}
        {promo && <PromoView report={promo} />}
      </CardContent>
    </Card>
  );
}

function revenueColumns(which: ReportName, label: (r: Row) => string): CsvColumn<Row>[] {
  return [
    [header(KEY_COLUMN[which]), label],
    [header('reports.videos'), (r) => r.videos],
    [header('reports.orders'), (r) => r.orders],
    [header('reports.sales'), (r) => r.sales],
    [header('reports.refunds'), (r) => r.refunds],
    [header('reports.net'), (r) => r.net],
  ];
}

function Totals(props: { figures: [Word, string][] }) {
  const t = useWords();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2, mb: 2 }}>
      {props.figures.map(([id, value]) => (
        <Box key={id}>
          <Typography variant="caption" color="text.secondary">
            {t(id)}
          </Typography>
          <Typography variant="h6">{value}</Typography>
        </Box>
      ))}
    </Box>
  );
}

function RevenueView({ report, which, label, phone }: { report: RevenueReport; which: ReportName; label: (r: Row) => string; phone: boolean }) {
  const t = useWords();
  const sold = report.rows.some((r) => r.sales || r.refunds);
  const byDay = which === 'day';
  const shown = byDay ? report.rows : report.rows.slice(0, CHART_ROWS);
  const money = (v: number | null) => formatKsh(v ?? 0);
  // Days run along the bottom; names are easier to read as horizontal bars, most first.
  const names = shown.map((r) => (byDay ? r.key.slice(5) : label(r)));
  return (
    <>
      <Totals
        figures={[
          ['reports.net', formatKsh(report.total.net)],
          ['reports.sales', formatKsh(report.total.sales)],
          ['reports.refunds', formatKsh(report.total.refunds)],
          ['reports.videos', String(report.total.videos)],
        ]}
      />
      {!sold ? (
        <Typography color="text.secondary">{t('reports.empty')}</Typography>
      ) : (
        <>
          {byDay ? (
            <BarChart
              height={phone ? 220 : 300}
              xAxis={[{ data: names, scaleType: 'band' }]}
              yAxis={[{ width: 64, valueFormatter: (v: number) => v.toLocaleString('en-KE') }]}
              series={[
                { data: shown.map((r) => r.sales), label: t('reports.sales'), valueFormatter: money },
                { data: shown.map((r) => -r.refunds), label: t('reports.refunds'), valueFormatter: money },
              ]}
            />
          ) : (
            <BarChart
              layout="horizontal"
              height={Math.max(160, shown.length * (phone ? 36 : 32) + 70)}
              yAxis={[{ data: names, scaleType: 'band', width: phone ? 96 : 200 }]}
              xAxis={[{ valueFormatter: (v: number) => v.toLocaleString('en-KE') }]}
              series={[{ data: shown.map((r) => r.net), label: t('reports.net'), valueFormatter: money }]}
            />
          )}
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t(TITLES[which])}>
            <Table size="small" aria-label={t(TITLES[which])}>
              <TableHead>
                <TableRow>
                  <TableCell>{t(KEY_COLUMN[which])}</TableCell>
                  <TableCell align="right">{t('reports.videos')}</TableCell>
                  <TableCell align="right">{t('reports.sales')}</TableCell>
                  <TableCell align="right">{t('reports.refunds')}</TableCell>
                  <TableCell align="right">{t('reports.net')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.rows.map((r) => (
                  <TableRow key={r.key}>
                    <TableCell>{label(r)}</TableCell>
                    <TableCell align="right">{r.videos}</TableCell>
                    <TableCell align="right">{formatKsh(r.sales)}</TableCell>
                    <TableCell align="right">{formatKsh(r.refunds)}</TableCell>
                    <TableCell align="right">{formatKsh(r.net)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </>
  );
}

function PromoView({ report }: { report: PromoUseReport }) {
  const t = useWords();
  const shown = report.rows.slice(0, CHART_ROWS);
  return (
    <>
      <Totals
        figures={[
          ['reports.uses', String(report.total.uses)],
          ['reports.customers', String(report.total.customers)],
          ['reports.discount', formatKsh(report.total.discount)],
        ]}
      />
      {report.rows.length === 0 ? (
        <Typography color="text.secondary">{t('reports.promo_empty')}</Typography>
      ) : (
        <>
          <BarChart layout="horizontal" height={Math.max(160, shown.length * 32 + 70)} yAxis={[{ data: shown.map((r) => r.code), scaleType: 'band', width: 110 }]} series={[{ data: shown.map((r) => r.uses), label: t('reports.uses') }]} />
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('reports.promo')}>
            <Table size="small" aria-label={t('reports.promo')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('reports.code')}</TableCell>
                  <TableCell align="right">{t('reports.uses')}</TableCell>
                  <TableCell align="right">{t('reports.customers')}</TableCell>
                  <TableCell align="right">{t('reports.discount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.rows.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>{r.code}</TableCell>
                    <TableCell align="right">{r.uses}</TableCell>
                    <TableCell align="right">{r.customers}</TableCell>
                    <TableCell align="right">{formatKsh(r.discount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </>
  );
}
