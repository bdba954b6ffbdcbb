import AccountScreen from '../../features/account/routes/account.tsx';
import { FollowsList } from '../../features/notifications/components/follows-list.tsx';
import { NotificationSettingsCard } from '../../features/notifications/components/notification-settings.tsx';
import { useT } from '../../lib/i18n.ts';

/** /account with what the customer follows and their notification settings (features meet here, in the app). */
export default function AccountRoute() {
  const t = useT();
  return (
    <AccountScreen
      sections={[
        { key: 'following', label: t('notify.menu_following'), element: <FollowsList /> },
        { key: 'notifications', label: t('notify.menu_settings'), element: <NotificationSettingsCard /> },
      ]}
    />
  );
}
