import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n.ts';

/** The parts of a rental (CONTRACT §11) that say how long it has left. */
export interface RentalClock {
  started_at: string | null;
  expires_at: string;
}

type Translate = ReturnType<typeof useT>;
const HOUR = 3_600_000;

/**
 * "Ends in 31 h" once the first play started the clock; before it, how long is left to start it
 * (30 days from renting). The server's `expires_at` decides; this only says it.
 */
export function rentalTimeLeft(t: Translate, rental: RentalClock, now = Date.now()): string {
  const left = Date.parse(rental.expires_at) - now;
  if (!(left > 0)) return t('rental.ended');
  if (!rental.started_at) return t('rental.not_started', { days: Math.max(1, Math.floor(left / (24 * HOUR))) });
  if (left >= HOUR) return t('rental.ends_in_hours', { hours: Math.floor(left / HOUR) });
  return t('rental.ends_in_minutes', { minutes: Math.max(1, Math.ceil(left / 60_000)) });
}

/** The time a rental has left, said again each minute (the store page, the player, the account). */
export function RentalTimeLeft({ rental, className = 'rental-left' }: { rental: RentalClock; className?: string }) {
  const t = useT();
  // Said again each minute; the clock is read at each render, so a rental that has just started
  // (a new expires_at) is measured from now, not from when this was first shown.
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className={className} data-testid="rental-time-left">
      {rentalTimeLeft(t, rental, Date.now())}
    </span>
  );
}
