import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { formatKsh } from '../../../lib/format.ts';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import type { PurchaseDone } from '../components/buy-dialog.tsx';

/**
 * /purchase/done: the clear end of a purchase (issue 13). The first button plays the video; a payment
 * made with M-Pesa shows its receipt number, as Kenyans expect to see it.
 */
export default function PurchaseDoneScreen() {
  const done = (useLocation().state as PurchaseDone | null) ?? null;
  const play = useRef<HTMLAnchorElement>(null);
  useEffect(() => play.current?.focus(), []);

  if (!done || done.items.length === 0) {
    return (
      <Box sx={{ ...pageSx, maxWidth: 560 }}>
        <PageTitle>Your videos</PageTitle>
        <Typography>
          What you bought is in <Link to="/account?section=list">Your List</Link>.
        </Typography>
      </Box>
    );
  }
  const [first, ...rest] = done.items;
  return (
    <Box sx={{ ...pageSx, maxWidth: 560 }}>
      <PageTitle>Asante! It is yours</PageTitle>
      <Alert severity="success" sx={{ mb: 2 }} role="status">
        {done.receipt ? (
          <>
            Paid {formatKsh(done.total)}. M-Pesa receipt <strong data-testid="mpesa-receipt">{done.receipt}</strong>.
          </>
        ) : (
          <>Paid {formatKsh(done.total)} from your balance.</>
        )}
        {done.balance !== null && <> Your balance is now {formatKsh(done.balance)}.</>}
      </Alert>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        {first!.image_url && <img src={first!.image_url.replace('-480.webp', '-160.webp')} alt="" width={64} height={96} style={{ borderRadius: 4, objectFit: 'cover' }} />}
        <Typography variant="h6" component="p">
          {first!.video_name}
          {first!.season && (
            <Typography component="span" sx={{ display: 'block', color: 'text.secondary' }}>
              {first!.season}
            </Typography>
          )}
        </Typography>
      </Box>
      <Button ref={play} component={Link} to={`/watch/${first!.video_id}?play=1`} variant="contained" size="large" fullWidth>
        Play {first!.video_name ?? 'now'}
      </Button>
      {rest.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, mt: 2, display: 'grid', gap: 1 }}>
          {rest.map((i) => (
            <Box component="li" key={i.video_id} sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <Typography>
                {i.video_name}
                {i.season ? ` · ${i.season}` : ''}
              </Typography>
              <Button component={Link} to={`/watch/${i.video_id}?play=1`} variant="outlined">
                Watch
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <Typography variant="body2" sx={{ mt: 3 }}>
        Everything you own is in <Link to="/account?section=list" style={{ color: 'inherit' }}>Your List</Link>, on any phone you sign in on.
      </Typography>
    </Box>
  );
}
