import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useMarkRead, useMyNotifications } from '../../../api/notifications.ts';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';

/** Only the store's own pages open from a notification. */
const storePath = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? url : '/');

/**
 * "For you" (CONTRACT §15): the customer's own notifications, newest first, the unread ones marked;
 * a tap opens its page and marks it read; "Mark all read". A visitor is asked to sign in.
 */
export function MyNotifications() {
  const t = useT();
  const { signedIn } = useSession();
  const q = useMyNotifications(signedIn);
  const read = useMarkRead();
  if (!signedIn) {
    return (
      <Typography sx={{ mb: 2 }}>
        <Link to="/account/authenticate?next=%2Fnotifications" style={{ color: 'inherit' }}>
          {t('notify.sign_in')}
        </Link>
      </Typography>
    );
  }
  if (q.isError) return <ErrorState onRetry={() => void q.refetch()} />;
  if (q.isPending) return <>{Array.from({ length: 3 }, (_, i) => <Skeleton key={i} variant="rounded" height={72} sx={{ mb: 1 }} />)}</>;
  const { results, unread, hidden } = q.data;
  return (
    <Box sx={{ maxWidth: 760 }}>
      {unread > 0 && (
        <Button size="small" onClick={() => read.mutate('all')} disabled={read.isPending} sx={{ mb: 1 }}>
          {t('notify.mark_all_read')}
        </Button>
      )}
      {results.length === 0 ? (
        <EmptyState message={t('notify.mine_empty')} />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid="my-notifications">
          {results.map((n) => (
            <li key={n.id}>
              <Box
                component={Link}
                to={storePath(n.url)}
                onClick={() => n.read_at === null && read.mutate([n.id])}
                data-unread={n.read_at === null}
                sx={{
                  display: 'block',
                  p: 1.5,
                  borderRadius: 2,
                  color: 'text.primary',
                  textDecoration: 'none',
                  bgcolor: n.read_at === null ? 'rgba(79, 195, 247, 0.12)' : 'background.paper',
                  borderLeft: 4,
                  borderColor: n.read_at === null ? 'primary.main' : 'transparent',
                }}
              >
                <Typography sx={{ fontWeight: n.read_at === null ? 700 : 500, overflowWrap: 'anywhere' }}>
                  {n.read_at === null && <span className="visually-hidden">{t('notify.unread')}: </span>}
                  {n.title}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {n.body}
                </Typography>
                <Typography variant="caption" component="time" dateTime={n.created_at} sx={{ color: 'text.secondary' }}>
                  {formatDate(n.created_at)}
                </Typography>
              </Box>
            </li>
          ))}
        </Box>
      )}
      {hidden > 0 && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {t('notify.hidden', { count: hidden })}
        </Typography>
      )}
    </Box>
  );
}
