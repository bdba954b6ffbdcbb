import { describe, expect, it } from 'vitest';
import { firstLevel, hlsConfig } from './hls-config.ts';

// hls.js's levels, sorted by bandwidth as it sorts them.
const levels = [{ height: 240 }, { height: 360 }, { height: 480 }, { height: 720 }];
const renditions = [
  { bandwidth: 2_000_000 },
  { bandwidth: 140_000 },
  { bandwidth: 900_000 },
];

describe('how hls.js starts a stream', () => {
  it('starts on the data-saver rung, and on the lowest for automatic (no measure of the network yet)', () => {
    expect(firstLevel(levels, 'data-saver')).toBe(0);
    expect(firstLevel(levels, 'auto')).toBe(0);
  });

  it('starts on the height the customer chose before, or the nearest there is', () => {
    expect(firstLevel(levels, 480)).toBe(2);
    expect(firstLevel(levels, 1080)).toBe(3);
    expect(firstLevel(levels, 340)).toBe(1);
    expect(firstLevel([], 480)).toBe(0);
  });

  it('guesses the network no faster than the data-saver rung until it has measured it', () => {
    expect(hlsConfig(renditions, 0).abrEwmaDefaultEstimate).toBe(140_000);
    expect(hlsConfig([], 0).abrEwmaDefaultEstimate).toBe(150_000);
  });

  it('starts where the customer stopped before fetching anything, else at the start', () => {
    expect(hlsConfig(renditions, 42).startPosition).toBe(42);
    expect(hlsConfig(renditions, 0).startPosition).toBe(-1);
  });

  it('waits 20 s for a first byte and asks again for a file that fails, a few times, before giving up', () => {
    const config = hlsConfig(renditions, 0);
    for (const policy of [config.manifestLoadPolicy!, config.playlistLoadPolicy!, config.fragLoadPolicy!]) {
      expect(policy.default.maxTimeToFirstByteMs).toBe(20_000);
      expect(policy.default.errorRetry!.maxNumRetry).toBeGreaterThanOrEqual(3);
    }
    expect(config.fragLoadPolicy!.default.maxLoadTimeMs).toBe(120_000);
  });
});
