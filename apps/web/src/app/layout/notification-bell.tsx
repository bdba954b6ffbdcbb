import { Link } from 'react-router';
import { useMyNotifications } from '../../api/notifications.ts';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

const BellIcon = () => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
    <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11c0-3.1-1.6-5.6-4.5-6.3V4a2.5 2.5 0 0 0-5 0v.7C6.6 5.4 5 7.9 5 11v5l-2 2v1h18v-1l-2-2Z" />
  </svg>
);

/**
 * The header's bell (CONTRACT §15): the signed-in customer's unread count, read with the smallest page
 * of their notifications, again when they come back to the tab and after they read some. Classes in shell.css.
 */
export function NotificationBell() {
  const t = useT();
  const { signedIn } = useSession();
  const unread = useMyNotifications(signedIn, 1).data?.unread ?? 0;
  if (!signedIn) return null;
  return (
    <Link to="/notifications" className="icon-btn" aria-label={unread > 0 ? t('header.notifications_unread', { count: unread }) : t('header.notifications')} data-testid="bell">
      <BellIcon />
      {unread > 0 && (
        <span className="cart-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
