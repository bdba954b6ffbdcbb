import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { BarChart } from '@mui/x-charts/BarChart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatKsh, type AdminDashboard } from '@store/contract';
import { adminCall } from '../../lib/admin-api.ts';
import { l } from '../../providers/words.ts';
import { useWords, w } from './words.ts';

const filterLink = (resource: string, filter: object) => `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

function Figure(props: { label: string; value: string; to?: string; warn?: boolean }) {
  const body = (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Typography variant="h5" component="p" color={props.warn ? 'warning.main' : undefined}>
        {props.value}
      </Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {props.to ? (
        <Box component={Link} to={props.to} sx={{ color: 'inherit', textDecoration: 'none', display: 'block' }}>
          {body}
        </Box>
      ) : (
        body
      )}
    </Card>
  );
}

function Ranking(props: { title: string; rows: { id: number; name: string; sales: number; revenue: number }[]; link: (id: number) => string }) {
  const t = useWords();
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {props.title}
        </Typography>
        {props.rows.length === 0 ? (
          <Typography variant="body2">{t('dashboard.no_sales')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate(l('Name'))}</TableCell>
                <TableCell align="right">{translate(l('Sold'))}</TableCell>
                <TableCell align="right">{t('dashboard.revenue')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {props.rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>
                    <Link to={props.link(r.id)}>{r.name}</Link>
                  </TableCell>
                  <TableCell align="right">{r.sales}</TableCell>
                  <TableCell align="right">{formatKsh(r.revenue)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** What a store owner looks at first: money per day, best sellers, and what needs attention. */
export default function Dashboard() {
  const t = useWords();
  const { data, error } = useQuery({ queryKey: ['dashboard'], queryFn: () => adminCall<AdminDashboard>('/dashboard', { method: 'GET' }), refetchInterval: 30_000 });
  if (error) return <Alert severity="error">{t('dashboard.failed', { error: error.message })}</Alert>;
  if (!data) return <Skeleton variant="rounded" height={400} sx={{ mt: 2 }} aria-label={t('dashboard.loading')} />;
  const month = data.days.reduce((s, d) => ({ revenue: s.revenue + d.revenue, deposits: s.deposits + d.deposits }), { revenue: 0, deposits: 0 });
  const today = data.days.at(-1)!;
  const pending = data.jobs.queued + data.jobs.running;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={w('dashboard.title')} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('dashboard.sales_today')} value={formatKsh(today.revenue)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('dashboard.sales_30')} value={formatKsh(month.revenue)} to="/purchases" />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('dashboard.deposits_30')} value={formatKsh(month.deposits)} to={filterLink('deposits', { state: 'completed' })} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('dashboard.customers', { count: data.customers.joined_last_7_days })} value={String(data.customers.total)} to="/customers" />
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <Figure label={t('dashboard.review')} value={String(data.deposits_for_review)} to={filterLink('deposits', { state: 'review' })} warn={data.deposits_for_review > 0} />
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <Figure label={data.jobs.failed ? t('dashboard.transcoding_failed', { failed: data.jobs.failed }) : t('dashboard.transcoding')} value={String(pending)} to="/videos" warn={data.jobs.failed > 0} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Figure label={t('dashboard.unread')} value={String(data.unread_messages)} to={filterLink('contact-messages', { is_read: false })} />
        </Grid>
        <Grid size={12}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2">
                {t('dashboard.per_day')}
              </Typography>
              <BarChart
                height={280}
                xAxis={[{ data: data.days.map((d) => d.day.slice(5)), scaleType: 'band' }]}
                yAxis={[{ width: 64, valueFormatter: (v: number) => v.toLocaleString('en-KE') }]}
                series={[
                  { data: data.days.map((d) => d.revenue), label: t('dashboard.sales'), valueFormatter: (v) => formatKsh(v ?? 0) },
                  { data: data.days.map((d) => d.deposits), label: t('dashboard.deposits'), valueFormatter: (v) => formatKsh(v ?? 0) },
                ]}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Ranking title={t('dashboard.top_videos')} rows={data.top_videos.map((v) => ({ ...v, name: v.title }))} link={(id) => `/videos/${id}`} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Ranking title={t('dashboard.top_djs')} rows={data.top_djs.map((d) => ({ ...d, name: d.dj_name }))} link={(id) => filterLink('videos', { dj_id: id })} />
        </Grid>
      </Grid>
    </Box>
  );
}
