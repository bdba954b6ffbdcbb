import type { Rating } from '@store/contract';
import { t } from '../lib/i18n.ts';
import './rating-badge.css';

/**
 * The board's symbol of a video's age rating (GE, PG, 16, 18), with what it means for a screen reader
 * and on hover. No hook: the home page shows dozens of cards, and each one's translation is read
 * when the card renders.
 */
export function RatingBadge({ rating, large = false }: { rating: Rating; large?: boolean }) {
  const meaning = t(`rating.${rating}`);
  return (
    <span className={`rating-badge rating-${rating}${large ? ' rating-large' : ''}`} title={meaning} aria-label={meaning} role="img">
      {rating}
    </span>
  );
}

/** The symbol with its meaning written out ("16: not for viewers under 16"), for a video's page. */
export function RatingLine({ rating }: { rating: Rating }) {
  return (
    <p className="rating-line">
      <RatingBadge rating={rating} large />
      <span aria-hidden="true">{t(`rating.${rating}`)}</span>
    </p>
  );
}
