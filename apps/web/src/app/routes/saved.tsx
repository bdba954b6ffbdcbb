import { Link } from 'react-router';
import { lazyThemed } from '../../components/lazy-themed.tsx';
import { EmptyState } from '../../components/states.tsx';
import { loadPlayerMessages } from '../../features/player/messages.ts';
import { useT } from '../../lib/i18n.ts';
import { useHasOwnSavedCopies } from '../../lib/saved-copies.ts';
import { useSession } from '../../lib/session.ts';
import './saved.css';

// The list (MUI, the player's Save controls) loads only for an account with copies on this phone (or a
// notice about one removed): it saved them with the same code, and the app keeps that code for
// offline (saved-videos-review.ts).
const SavedList = lazyThemed(() => Promise.all([import('../../features/player/routes/saved.tsx'), loadPlayerMessages()]).then(([m]) => m.default));

/**
 * /saved: the videos the signed-in account saved on this phone (decision 0035). With none, or with
 * nobody signed in, this small screen of plain elements answers by itself; the service worker keeps
 * it with the shell, so it opens with no network after one visit.
 */
export default function SavedRoute() {
  const t = useT();
  const { account } = useSession();
  const hasCopies = useHasOwnSavedCopies();
  // The list also tells of a copy that was just removed (a refund), until the notice is closed.
  if (account !== null && hasCopies) return <SavedList />;
  return (
    <div className="page">
      <h1 className="saved-heading">{t('saved.heading')}</h1>
      {account !== null ? (
        <EmptyState message={t('saved.empty')} />
      ) : (
        <p className="state state-empty saved-none" role="status">
          {t('saved.signed_out')}{' '}
          <Link to="/account/authenticate?next=%2Fsaved">{t('header.login')}</Link>
        </p>
      )}
    </div>
  );
}
