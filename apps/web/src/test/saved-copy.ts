import type { SavedVideo } from '../features/player/offline/saved-videos.ts';

/** A whole data-saver copy of 'Video {id}' saved on this phone by `owner` (none: saved before copies had owners). */
export const savedCopy = (id: number, owner: number | undefined, checkedAt = Date.now()): SavedVideo => ({
  id,
  ...(owner === undefined ? {} : { owner }),
  title: `Video ${id}`,
  poster: null,
  rung: { name: '240p', height: 240, bandwidth: 200_000, data_saver: true },
  duration: 60,
  expectedBytes: 1_500_000,
  storedBytes: 1_500_000,
  files: 16,
  storedFiles: 16,
  status: 'saved',
  wifiOnly: false,
  savedAt: checkedAt,
  checkedAt,
});
