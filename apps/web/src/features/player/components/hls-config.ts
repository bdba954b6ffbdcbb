import type { HlsConfig, LoaderConfig, RetryConfig } from 'hls.js';
import type { Rendition } from '@store/contract';
import type { QualityChoice } from './quality-preference.ts';

const retry = (maxNumRetry: number, retryDelayMs: number, maxRetryDelayMs: number): RetryConfig => ({ maxNumRetry, retryDelayMs, maxRetryDelayMs });

/**
 * How long hls.js waits for each file on a slow, far network (Kenyan 3G, a busy 4G cell: 400 kbit/s
 * and a second per round trip): a playlist's first byte may come after several seconds when it queues
 * behind a segment, so nothing is given up within 20 s of asking. A file that fails is asked again a
 * few times (1, 2, 4, 8 s apart), then the player says it cannot load and offers to try again.
 */
const PLAYLIST: LoaderConfig = { maxTimeToFirstByteMs: 20_000, maxLoadTimeMs: 30_000, timeoutRetry: retry(2, 0, 0), errorRetry: retry(3, 1_000, 8_000) };
const SEGMENT: LoaderConfig = { maxTimeToFirstByteMs: 20_000, maxLoadTimeMs: 120_000, timeoutRetry: retry(3, 0, 0), errorRetry: retry(4, 1_000, 8_000) };

/**
 * Which of hls.js's levels (sorted by bandwidth, lowest first) to start on: the data-saver rung (the
 * lowest), the height the customer chose before (the nearest there is), or, for automatic, the lowest
 * too: with no measure of the network yet, the smallest first segment is the quickest first frame, and
 * automatic climbs from there.
 */
export function firstLevel(levels: { height: number }[], wanted: QualityChoice | 'data-saver'): number {
  if (typeof wanted !== 'number' || levels.length === 0) return 0;
  let best = 0;
  levels.forEach((l, i) => {
    if (Math.abs(l.height - wanted) < Math.abs(levels[best]!.height - wanted)) best = i;
  });
  return best;
}

/**
 * hls.js's settings for a stream: the first position chosen before anything is fetched (a position
 * or rung changed after the first request cancels it and asks again, a round trip lost each time), a
 * bandwidth estimate no higher than the data-saver rung until one is measured, and the patient load
 * policies above.
 */
export function hlsConfig(renditions: Pick<Rendition, 'bandwidth'>[], startPosition: number): Partial<HlsConfig> {
  const lowest = Math.min(...renditions.map((r) => r.bandwidth));
  return {
    capLevelToPlayerSize: true,
    startLevel: 0,
    startPosition: startPosition > 0 ? startPosition : -1,
    abrEwmaDefaultEstimate: Number.isFinite(lowest) ? lowest : 150_000,
    maxBufferLength: 30,
    manifestLoadPolicy: { default: PLAYLIST },
    playlistLoadPolicy: { default: PLAYLIST },
    fragLoadPolicy: { default: SEGMENT },
  };
}
