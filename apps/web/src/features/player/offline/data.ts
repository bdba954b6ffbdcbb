import { groupDigits } from '@store/contract';
/**
 * Data said in megabytes (CONTRACT §9): what an hour of a rung, or a whole saved video, costs a
 * customer who pays for every megabyte. Megabytes of 1,000,000 bytes, as data bundles are sold.
 */
const MB = 1_000_000;

/** Two significant figures, and never 0: 64.8 → 65, 236 → 240, 1583 → 1,600. */
function sensibly(mb: number): number {
  if (mb < 1) return Math.max(0.1, Math.round(mb * 10) / 10);
  const step = 10 ** Math.max(0, Math.floor(Math.log10(mb)) - 1);
  return Math.round(mb / step) * step;
}

/** MB an hour of a rung costs: its average bits per second × 3600 / 8. */
export const mbPerHour = (bandwidth: number) => groupDigits(sensibly((bandwidth * 3600) / 8 / MB), 1);

/** Bytes of a whole rung: its average bits per second (measured from its files) × the duration / 8. */
export const rungBytes = (bandwidth: number, durationSeconds: number) => Math.round((bandwidth * durationSeconds) / 8);

/** A size in MB for the screen: '65', '0.4', '1,600'. */
export const megabytes = (bytes: number) => groupDigits(sensibly(bytes / MB), 1);

/** Progress in MB with one decimal, so a slow download is seen moving: '12.3'. */
export const megabytesExact = (bytes: number) => groupDigits(Math.round((bytes / MB) * 10) / 10, 1);
