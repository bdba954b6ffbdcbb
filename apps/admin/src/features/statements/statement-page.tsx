import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { downloadCSV, Title, useGetList, usePermissions } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
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
import { formatDate, formatKsh, groupDigits, type AdminDj, type Statement } from '@store/contract';
import { httpClient } from '../../providers/data-provider.ts';
import { useWords } from './words.ts';
import { PayButton } from './pay-button.tsx';
import { useMe } from './use-me.ts';

/** This month in Nairobi (UTC+3), as YYYY-MM. */
const thisMonth = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 7);
const KINDS = ['purchase', 'rental', 'bundle', 'gift', 'refund'] as const;

/**
 * A DJ's statement for a month (CONTRACT §12): each sale with its VAT and what the DJ earned, the
 * month's totals, what is owed now, the same lines as CSV, and for staff the Pay button. A DJ's own
 * login sees only their own.
 */
export function StatementPage() {
  const t = useWords();
  const { permissions } = usePermissions<'staff' | 'dj'>();
  const me = useMe();
  const staff = permissions === 'staff';
  const djs = useGetList<AdminDj>('djs', { pagination: { page: 1, perPage: 200 }, sort: { field: 'dj_name', order: 'ASC' } }, { enabled: staff });
  // A DJ's row links here with ?dj=<id>.
  const [search] = useSearchParams();
  const [picked, setPicked] = useState<number | ''>(() => Number(search.get('dj')) || '');
  const [month, setMonth] = useState(thisMonth);
  const djId = staff ? picked : (me.data?.dj_id ?? '');
  const dj = staff ? djs.data?.find((d) => d.id === djId) : undefined;
  const url = `/api/admin/djs/${djId}/statement/?month=${month}`;
  const statement = useQuery({
    queryKey: ['statement', djId, month],
    enabled: djId !== '' && /^\d{4}-\d{2}$/.test(month),
    queryFn: async () => (await httpClient(url)).json as Statement,
  });
  const kindWord = (kind: string) => ((KINDS as readonly string[]).includes(kind) ? t(`statements.kind_${kind as (typeof KINDS)[number]}`) : kind);

  async function csv() {
    const { body } = await httpClient(`${url}&format=csv`, { headers: new Headers({ Accept: 'text/csv' }) });
    downloadCSV(body, `dj-${djId}-statement-${month}`);
  }

  const s = statement.data;
  return (
    <Card sx={{ mt: 1 }}>
      <Title title={t('statements.title')} />
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          {staff ? (
            <TextField select label={t('statements.dj')} value={picked} onChange={(e) => setPicked(Number(e.target.value))} sx={{ minWidth: 200 }} size="small">
              {(djs.data ?? []).map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.dj_name}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography variant="h6">{me.data?.dj_name}</Typography>
          )}
          <TextField type="month" label={t('statements.month')} value={month} onChange={(e) => setMonth(e.target.value)} size="small" slotProps={{ inputLabel: { shrink: true } }} />
          {s && (
            <Button onClick={() => void csv()} variant="outlined" size="small">
              {t('statements.csv')}
            </Button>
          )}
          {s && staff && dj && <PayButton dj={dj} owed={s.owed} onPaid={() => void statement.refetch()} />}
        </Stack>
        {djId === '' && staff && <Typography color="text.secondary">{t('statements.pick_dj')}</Typography>}
        {statement.isLoading && <Typography aria-live="polite">{t('statements.loading')}</Typography>}
        {statement.error && <Alert severity="error">{t('statements.failed', { error: statement.error.message })}</Alert>}
        {s && (
          <>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2, mb: 2 }}>
              {[
                [t('statements.earnings'), s.earnings] as const,
                [t('statements.withholding'), s.withholding_tax] as const,
                [t('statements.payouts'), s.payouts] as const,
                [t('statements.owed'), s.owed] as const,
              ].map(([label, value]) => (
                <Box key={label}>
                  <Typography variant="caption" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography variant="h6">{formatKsh(value)}</Typography>
                </Box>
              ))}
            </Box>
            {s.lines.length === 0 ? (
              <Typography color="text.secondary">{t('statements.empty')}</Typography>
            ) : (
              // Scrolls sideways on a phone: focusable so a keyboard can scroll it too.
              <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('statements.title')}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('statements.title_col')}</TableCell>
                      <TableCell>{t('statements.kind')}</TableCell>
                      <TableCell align="right">{t('statements.paid')}</TableCell>
                      <TableCell align="right">{t('statements.vat')}</TableCell>
                      <TableCell align="right">{t('statements.earned')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {s.lines.map((l, i) => (
                      <TableRow key={i}>
                        {/* The video first, its date under it: the row fits a 360 px phone. */}
                        <TableCell sx={{ minWidth: 140 }}>
                          {l.title}
                          <Typography variant="caption" color="text.secondary" component="div">
                            {formatDate(l.date)}
                          </Typography>
                        </TableCell>
                        <TableCell>{kindWord(l.kind)}</TableCell>
                        <TableCell align="right">{groupDigits(l.paid)}</TableCell>
                        <TableCell align="right">{groupDigits(l.vat)}</TableCell>
                        <TableCell align="right">{groupDigits(l.earned)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
