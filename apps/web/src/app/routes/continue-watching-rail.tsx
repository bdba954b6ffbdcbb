import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ContinueWatchingItem } from '@store/contract';
import { useContinueWatching } from '../../api/notifications.ts';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useOnline } from '../../pwa/use-online.ts';
import { rentalEnded, useSavedVideos } from '../../features/player/offline/saved-videos.ts';
import '../../components/cards.css';
import './continue-watching.css';
import { seasonName } from '../../components/catalog-words.ts';

/** The last list the server gave, per account: where each saved video stopped, for when there is no network. */
const REMEMBERED = 'continueWatching';

interface RailItem {
  id: number;
  title: string;
  season: string | null;
  poster: string | null;
  position: number;
  duration: number;
  saved: boolean;
}

function remembered(account: number): ContinueWatchingItem[] {
  try {
    const kept = JSON.parse(localStorage.getItem(REMEMBERED) ?? 'null') as { owner: number; results: ContinueWatchingItem[] } | null;
    return kept?.owner === account ? kept.results : [];
  } catch {
    return [];
  }
}

function Card({ item }: { item: RailItem }) {
  const t = useT();
  const percent = item.duration > 0 ? Math.min(100, Math.max(0, Math.round((item.position / item.duration) * 100))) : 0;
  const minutes = Math.max(1, Math.round((item.duration - item.position) / 60));
  return (
    <Link className="vc-card" to={`/watch/${item.id}`} data-testid="continue-card">
      <div className="vc-poster">
        {item.poster && <img src={item.poster} alt="" width={160} height={240} loading="lazy" decoding="async" />}
        {item.duration > 0 && (
          <span className="cw-bar" aria-hidden="true">
            <span className="cw-done" style={{ width: `${percent}%` }} data-testid="continue-progress" />
          </span>
        )}
      </div>
      <p className="vc-title">{item.title}</p>
      <p className="vc-meta">
        {item.season ? `${seasonName(t, item.season)} · ` : ''}
        {item.duration > 0 && item.position > 0 ? t('rail.continue_left', { minutes }) : item.saved ? t('rail.continue_saved') : ''}
        {/* The bar says it to the eye; this, to a screen reader. */}
        {item.duration > 0 && <span className="visually-hidden">, {t('rail.continue_watched', { percent })}</span>}
      </p>
    </Link>
  );
}

/**
 * "Continue watching" (CONTRACT §15): for a signed-in customer, the home page's first rail, from
 * GET /api/continue-watching/; each card's bar shows how far they got and opens the player, which
 * resumes there. With no network, the videos saved on this phone (where they stopped as last known).
 * Shown only when there is something to continue.
 */
export function ContinueWatchingRail() {
  const t = useT();
  const { signedIn, account } = useSession();
  const online = useOnline();
  const q = useContinueWatching(signedIn && online);
  const saved = useSavedVideos();

  useEffect(() => {
    if (q.data && account !== null) localStorage.setItem(REMEMBERED, JSON.stringify({ owner: account, results: q.data.results.slice(0, 20) }));
  }, [q.data, account]);

  if (!signedIn || account === null) return null;
  let items: RailItem[];
  if (online && !q.isError) {
    items = (q.data?.results ?? []).map((v) => ({ id: v.video_id, title: v.title, season: v.season, poster: v.poster, position: v.position, duration: v.duration, saved: false }));
  } else {
    const last = new Map(remembered(account).map((v) => [v.video_id, v]));
    items = saved
      .filter((v) => v.status === 'saved' && !rentalEnded(v))
      .map((v) => ({ id: v.id, title: v.title, season: last.get(v.id)?.season ?? null, poster: v.poster, position: last.get(v.id)?.position ?? 0, duration: v.duration, saved: true }))
      // Those started first, as the server listed them, then the rest as saved.
      .sort((a, b) => (b.position > 0 ? 1 : 0) - (a.position > 0 ? 1 : 0));
  }
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="rail-continue" className="rail" data-testid="continue-watching">
      <div className="rail-head">
        <h2 id="rail-continue" className="rail-title">
          {t('rail.continue')}
        </h2>
      </div>
      <ul className="rail-list">
        {items.map((item) => (
          <li key={item.id}>
            <Card item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
