import Box from '@mui/material/Box';
import { Link } from 'react-router';
import NotificationsScreen from '../../features/content/routes/notifications.tsx';
import { MyNotifications } from '../../features/notifications/components/my-notifications.tsx';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

/** /notifications: the customer's own ("For you", with a way to their settings) beside the store's news (features meet here, in the app). */
export default function NotificationsRoute() {
  const t = useT();
  const { signedIn } = useSession();
  return (
    <NotificationsScreen
      forYouTitle={t('notify.for_you')}
      newsTitle={t('notify.store_news')}
      forYou={
        <>
          <MyNotifications />
          {signedIn && (
            <Box component={Link} to="/account?section=notifications" sx={{ display: 'inline-block', mt: 1, color: 'primary.main', fontSize: 14 }}>
              {t('notify.settings_title')}
            </Box>
          )}
        </>
      }
    />
  );
}
