import type { FollowKind } from '@store/contract';
import { Link, useLocation } from 'react-router';
import { useFollowState, useSetFollow } from '../../../api/notifications.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { offerPushAfterFollow } from '../api/push.ts';
import './follow-button.css';

const PlusIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor" className="follow-icon">
    <path d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6v2Z" />
  </svg>
);
const CheckIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor" className="follow-icon">
    <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z" />
  </svg>
);

/**
 * Follow / Following for a DJ (by id) or a series (by title), CONTRACT §15. A plain button (the video
 * page is plain elements). Following something is the moment the browser may be asked about
 * notifications, never before. A visitor is sent to sign in and back.
 */
export function FollowButton({ kind, id, name }: { kind: FollowKind; id: string | null; name: string }) {
  const t = useT();
  const { signedIn } = useSession();
  const { pathname, search } = useLocation();
  const state = useFollowState(kind, id, signedIn);
  const set = useSetFollow();
  if (!signedIn) {
    return (
      <span className="follow">
        <Link className="btn btn-outlined follow-btn" to={`/account/authenticate?next=${encodeURIComponent(pathname + search)}`} aria-label={t(kind === 'dj' ? 'notify.follow_dj' : 'notify.follow_series', { name })}>
          <PlusIcon />
          {t('notify.follow')}
        </Link>
      </span>
    );
  }
  const following = set.isPending ? set.variables.on : (state.data?.following ?? false);
  const toggle = () => {
    if (id === null) return;
    const on = !following;
    // Asked in the tap itself (the browser's prompt needs the customer's gesture), beside the follow.
    if (on) void offerPushAfterFollow();
    set.mutate({ kind, id, on });
  };
  return (
    <span className="follow">
      <button
        type="button"
        className={following ? 'btn btn-contained follow-btn' : 'btn btn-outlined follow-btn'}
        aria-pressed={following}
        aria-label={t(following ? (kind === 'dj' ? 'notify.unfollow_dj' : 'notify.unfollow_series') : kind === 'dj' ? 'notify.follow_dj' : 'notify.follow_series', { name })}
        disabled={id === null || state.isPending || set.isPending}
        onClick={toggle}
        data-testid={`follow-${kind}`}
      >
        {/* The sign is drawn only: the button's name starts with the words it shows. */}
        {following ? <CheckIcon /> : <PlusIcon />}
        {following ? t('notify.following') : t('notify.follow')}
      </button>
      {set.isError && (
        <span role="alert" className="follow-error">
          {t('notify.follow_failed')}
        </span>
      )}
    </span>
  );
}
