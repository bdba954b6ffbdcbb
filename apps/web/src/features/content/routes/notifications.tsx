import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { formatDate } from '../../../lib/format.ts';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { useNotifications } from '../api/get-content.ts';
import { useLanguage, useT } from '../../../lib/i18n.ts';
import { writtenIn } from '../../../components/catalog-words.ts';

/**
 * /notifications: the store's news, newest first; `forYou` (the app's): the customer's own above it,
 * under `forYouTitle`, and `newsTitle` over the store's.
 */
export default function NotificationsScreen({ forYou, forYouTitle, newsTitle }: { forYou?: ReactNode; forYouTitle?: string; newsTitle?: string }) {
  const t = useT();
  const language = useLanguage();
  const q = useNotifications();
  return (
    <Box sx={pageSx}>
      <PageTitle>{t('content.notifications_title')}</PageTitle>
      {forYou && (
        <Box component="section" aria-labelledby="for-you" sx={{ mb: 3 }}>
          <Typography id="for-you" variant="h6" component="h2" sx={{ mb: 1 }}>
            {forYouTitle}
          </Typography>
          {forYou}
        </Box>
      )}
      {newsTitle && (
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {newsTitle}
        </Typography>
      )}
      {q.isError ? (
        <ErrorState onRetry={() => void q.refetch()} />
      ) : q.isPending ? (
        Array.from({ length: 4 }, (_, i) => <Skeleton key={i} variant="rounded" height={64} sx={{ mb: 1 }} />)
      ) : q.data.results.length === 0 ? (
        <EmptyState message={t('content.notifications_empty')} />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, maxWidth: 760 }}>
          {q.data.results.map((n) => (
            <Box component="li" key={n.noty_id} sx={{ p: 2, bgcolor: 'background.paper', borderRadius: 2 }}>
              <Typography variant="caption" component="time" dateTime={n.date_notified} sx={{ color: 'text.secondary' }}>
                {formatDate(n.date_notified, { dateOnly: true })}
              </Typography>
              <Typography>{writtenIn(language, n.message, n.message_sw)}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
