import AccountScreen from '../../features/account/routes/account.tsx';
import { FollowsList } from '../../features/notifications/components/follows-list.tsx';
import { NotificationSettingsCard } from '../../features/notifications/components/notification-settings.tsx';

/** /account with what the customer follows and their notification settings (features meet here, in the app). */
export default function AccountRoute() {
  return (
    <AccountScreen
      sections={[
        { key: 'following', element: <FollowsList /> },
        { key: 'notifications', element: <NotificationSettingsCard /> },
      ]}
    />
  );
}
