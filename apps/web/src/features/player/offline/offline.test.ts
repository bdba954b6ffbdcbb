import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mbPerHour, megabytes, rungBytes } from './data.ts';
import { findRungPlaylist, rewriteRungPlaylist, savedMasterPlaylist } from './playlists.ts';
import { decide, reviewSavedVideos, UNCHECKED_LIMIT_MS, type AccessCheck } from './review.ts';
import { savedCopy } from '../../../test/saved-copy.ts';
import { putSavedVideo, removalNotices, savedVideos, type SavedVideo } from './saved-videos.ts';

describe('data said in megabytes', () => {
  it('gives an hour of a rung from its average bits per second, rounded as people say it', () => {
    // 144 kb/s: the data-saver rung the issue aims for
    expect(mbPerHour(144_000)).toBe('65');
    expect(mbPerHour(200_000)).toBe('90');
    expect(mbPerHour(2_000_000)).toBe('900');
    expect(mbPerHour(3_520_000)).toBe('1,600');
  });

  it('gives a whole video at a rung in MB, never 0', () => {
    expect(rungBytes(200_000, 600)).toBe(15_000_000);
    expect(megabytes(15_000_000)).toBe('15');
    expect(megabytes(40_000)).toBe('0.1');
  });
});

const master = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-STREAM-INF:BANDWIDTH=220000,AVERAGE-BANDWIDTH=200000,RESOLUTION=426x240,NAME="240p"
240p/index.m3u8?u=7&e=99&s=abc
#EXT-X-STREAM-INF:BANDWIDTH=800000,AVERAGE-BANDWIDTH=600000,RESOLUTION=640x360,NAME="360p"
360p/index.m3u8?u=7&e=99&s=def
`;
const rung = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:4
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-MAP:URI="/media/private/videos/1/r1/240p/init.mp4?u=7&e=99&s=i"
#EXTINF:4.000000,
/media/private/videos/1/r1/240p/seg-0000.m4s?u=7&e=99&s=a
#EXTINF:2.500000,
/media/private/videos/1/r1/240p/seg-0001.m4s?u=7&e=99&s=b
#EXT-X-ENDLIST
`;

describe('the playlists of a saved video', () => {
  it('finds the chosen rung in the master playlist', () => {
    expect(findRungPlaylist(master, { name: '360p', height: 360 })).toBe('360p/index.m3u8?u=7&e=99&s=def');
    // an odd source names its rung by another height: the height finds it
    expect(findRungPlaylist(master.replace('NAME="240p"', 'NAME="x"'), { name: '240p', height: 240 })).toBe('240p/index.m3u8?u=7&e=99&s=abc');
    expect(findRungPlaylist(master, { name: '720p', height: 720 })).toBeNull();
  });

  it('keeps segments under stable names, never the signed addresses that expire', () => {
    const { playlist, files } = rewriteRungPlaylist(rung);
    expect(files.map((f) => f.name)).toEqual(['init.mp4', 'seg-0.m4s', 'seg-1.m4s']);
    expect(files[1]!.uri).toBe('/media/private/videos/1/r1/240p/seg-0000.m4s?u=7&e=99&s=a');
    expect(playlist).not.toContain('s=');
    expect(playlist).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(playlist).toContain('#EXTINF:2.500000,\nseg-1.m4s');
    expect(savedMasterPlaylist({ name: '240p', height: 240, bandwidth: 200_000 })).toContain('240p/index.m3u8');
  });
});

const DAY = 24 * 60 * 60 * 1000;
const saved = (id: number, checkedAt: number) => savedCopy(id, 7, checkedAt) as SavedVideo & { owner: number };

describe('when a saved video is removed', () => {
  beforeEach(() => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', '7');
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-01T08:00:00+03:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('is removed once the server says it is not owned any more, kept while it says owned', () => {
    const now = Date.now();
    expect(decide({ checkedAt: now - DAY }, 'not-owned', now)).toBe('refunded');
    expect(decide({ checkedAt: now - 40 * DAY }, 'owned', now)).toBe('keep');
  });

  it('is removed after 30 days with no word from the server, kept before', () => {
    const now = Date.now();
    expect(decide({ checkedAt: now - 29 * DAY }, 'unknown', now)).toBe('keep');
    expect(decide({ checkedAt: now - UNCHECKED_LIMIT_MS - 1 }, 'unknown', now)).toBe('unchecked');
  });

  it('checks every saved video: a refund and a long silence remove them with a notice, an owner keeps hers, checked again', async () => {
    const start = Date.now();
    putSavedVideo(saved(1, start));
    putSavedVideo(saved(2, start));
    putSavedVideo(saved(3, start));
    vi.setSystemTime(start + 31 * DAY);
    const answers: Record<number, AccessCheck> = { 1: 'owned', 2: 'not-owned', 3: 'unknown' };
    await reviewSavedVideos(async (id) => answers[id]!);
    expect(savedVideos().map((v) => v.id)).toEqual([1]);
    expect(savedVideos()[0]!.checkedAt).toBe(start + 31 * DAY);
    expect(removalNotices()).toEqual(expect.arrayContaining([{ owner: 7, id: 2, title: 'Video 2', reason: 'refunded' }, { owner: 7, id: 3, title: 'Video 3', reason: 'unchecked' }]));

    // Offline from then on: 29 days later it is still there, 31 days later it goes.
    vi.setSystemTime(start + 60 * DAY);
    await reviewSavedVideos(async () => 'unknown');
    expect(savedVideos().map((v) => v.id)).toEqual([1]);
    vi.setSystemTime(start + 63 * DAY);
    await reviewSavedVideos(async () => 'unknown');
    expect(savedVideos()).toEqual([]);
  });

  it('tells of a refund once when the app and the Saved list check at the same time', async () => {
    putSavedVideo(saved(4, Date.now()));
    await Promise.all([reviewSavedVideos(async () => 'not-owned'), reviewSavedVideos(async () => 'not-owned')]);
    expect(savedVideos()).toEqual([]);
    expect(removalNotices()).toEqual([{ owner: 7, id: 4, title: 'Video 4', reason: 'refunded' }]);
  });
});
