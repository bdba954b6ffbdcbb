import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
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
import { adminCall } from '../media/admin-api.ts';

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
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {props.title}
        </Typography>
        {props.rows.length === 0 ? (
          <Typography variant="body2">No sales yet.</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell align="right">Sold</TableCell>
                <TableCell align="right">Revenue</TableCell>
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
  const { data, error } = useQuery({ queryKey: ['dashboard'], queryFn: () => adminCall<AdminDashboard>('/dashboard', { method: 'GET' }), refetchInterval: 30_000 });
  if (error) return <Alert severity="error">The dashboard could not be loaded: {error.message}</Alert>;
  if (!data) return <Skeleton variant="rounded" height={400} sx={{ mt: 2 }} aria-label="Loading the dashboard" />;
  const month = data.days.reduce((s, d) => ({ revenue: s.revenue + d.revenue, deposits: s.deposits + d.deposits }), { revenue: 0, deposits: 0 });
  const today = data.days.at(-1)!;
  const pending = data.jobs.queued + data.jobs.running;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label="Sales today" value={formatKsh(today.revenue)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label="Sales, 30 days" value={formatKsh(month.revenue)} to="/purchases" />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label="Deposits, 30 days" value={formatKsh(month.deposits)} to={filterLink('deposits', { state: 'completed' })} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={`Customers (${data.customers.joined_last_7_days} new this week)`} value={String(data.customers.total)} to="/customers" />
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <Figure label="Deposits for review" value={String(data.deposits_for_review)} to={filterLink('deposits', { state: 'review' })} warn={data.deposits_for_review > 0} />
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <Figure label={data.jobs.failed ? `Videos transcoding (${data.jobs.failed} failed)` : 'Videos transcoding'} value={String(pending)} to="/videos" warn={data.jobs.failed > 0} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Figure label="Unread messages" value={String(data.unread_messages)} to={filterLink('contact-messages', { is_read: false })} />
        </Grid>
        <Grid size={12}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2">
                Sales and deposits per day (Ksh)
              </Typography>
              <BarChart
                height={280}
                xAxis={[{ data: data.days.map((d) => d.day.slice(5)), scaleType: 'band' }]}
                yAxis={[{ width: 64, valueFormatter: (v: number) => v.toLocaleString('en-KE') }]}
                series={[
                  { data: data.days.map((d) => d.revenue), label: 'Sales', valueFormatter: (v) => formatKsh(v ?? 0) },
                  { data: data.days.map((d) => d.deposits), label: 'Deposits', valueFormatter: (v) => formatKsh(v ?? 0) },
                ]}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Ranking title="Top videos" rows={data.top_videos.map((v) => ({ ...v, name: v.title }))} link={(id) => `/videos/${id}`} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Ranking title="Top DJs" rows={data.top_djs.map((d) => ({ ...d, name: d.dj_name }))} link={(id) => filterLink('videos', { dj_id: id })} />
        </Grid>
      </Grid>
    </Box>
  );
}
