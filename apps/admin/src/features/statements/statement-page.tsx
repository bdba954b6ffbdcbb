import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { downloadCSV, Title, useGetList, usePermissions } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminDj, Statement } from '@store/contract';
import { httpClient } from '../../providers/data-provider.ts';
import { useWords } from './words.ts';
import { PayButton } from './pay-button.tsx';
import { useMe } from './use-me.ts';
import { StatementLines } from './statement-lines.tsx';
import { StatementSummary } from './statement-summary.tsx';

/** This month in Nairobi (UTC+3), as YYYY-MM. */
const thisMonth = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 7);

/**
 * A DJ's statement for a month (CONTRACT §12): the month adding up from what was owed at its start to
 * what was owed at its end, each sale with its VAT, the DJ's share and what they earned, the same
 * lines as CSV, and for staff the Pay button. A DJ's own login sees only their own.
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
            <StatementSummary s={s} />
            {s.lines.length === 0 ? <Typography color="text.secondary">{t('statements.empty')}</Typography> : <StatementLines lines={s.lines} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
