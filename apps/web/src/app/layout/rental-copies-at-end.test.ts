import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { savedBase } from '../../features/player/offline/files.ts';
import { putSavedVideo, removalNotices, savedVideo, type SavedVideo } from '../../features/player/offline/saved-videos.ts';
import { fakeCaches } from '../../test/fake-caches.ts';
import { mockApi } from '../../test/render.tsx';
import { savedCopy } from '../../test/saved-copy.ts';
import { reviewSavedVideosWhenOnline } from './saved-videos-review.ts';

const ACCOUNT = 3;
const iso = (ms: number) => new Date(ms).toISOString();

/** A copy saved under a rental that ends `endsIn` ms from now (negative: ended). */
const rentedCopy = (id: number, endsIn: number): SavedVideo & { owner: number } => ({
  ...savedCopy(id, ACCOUNT),
  owner: ACCOUNT,
  rental: { started_at: iso(Date.now() - 3_600_000), expires_at: iso(Date.now() + endsIn) },
});

async function storeFiles(store: Map<string, Response>, c: SavedVideo) {
  for (const name of ['master.m3u8', '240p/seg-0.m4s']) store.set(`${savedBase(c)}${name}`, new Response('bytes'));
}
const filesOf = (store: Map<string, Response>, c: SavedVideo) => [...store.keys()].filter((k) => k.startsWith(savedBase(c)));

describe('videos saved under a rental, whatever screen is open', () => {
  beforeEach(() => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', String(ACCOUNT));
    // No network at all.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('goes when the app opens on any screen with no network, and at its end while the app is open', async () => {
    const store = fakeCaches();
    const ended = rentedCopy(1, -1000);
    const ending = rentedCopy(2, 1000);
    putSavedVideo(ended);
    putSavedVideo(ending);
    await storeFiles(store, ended);
    await storeFiles(store, ending);
    const stop = reviewSavedVideosWhenOnline();
    try {
      await waitFor(() => expect(savedVideo(1)).toBeUndefined());
      expect(filesOf(store, ended)).toEqual([]);
      expect(savedVideo(2)).toBeDefined();
      await waitFor(() => expect(savedVideo(2)).toBeUndefined(), { timeout: 4000 });
      expect(removalNotices().map((n) => [n.id, n.reason])).toEqual([
        [1, 'rental_ended'],
        [2, 'rental_ended'],
      ]);
    } finally {
      stop();
    }
  });

});
