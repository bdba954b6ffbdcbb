import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rendition, Video } from '@store/contract';
import { i18n } from '../../../lib/i18n.ts';
import { fakeCaches } from '../../../test/fake-caches.ts';
import { makeVideo } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { savedCopy } from '../../../test/saved-copy.ts';
import sw from '../locales/sw.json';
import { SaveOffline } from '../components/save-offline.tsx';
import { SavedPlayer } from '../components/saved-player.tsx';
import SavedScreen from '../routes/saved.tsx';
import { savedBase } from './files.ts';
import { accessIn, decide, removeEndedRentals } from './review.ts';
import { putSavedVideo, removalNotices, rentalOf, savedVideo, type SavedVideo } from './saved-videos.ts';
import { startSaving } from './saver.ts';

const ACCOUNT = 3;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A copy saved under a rental that ends `endsIn` ms from now (negative: ended). */
const rentedCopy = (id: number, endsIn: number): SavedVideo & { owner: number } => ({
  ...savedCopy(id, ACCOUNT),
  owner: ACCOUNT,
  rental: { started_at: iso(Date.now() - HOUR), expires_at: iso(Date.now() + endsIn) },
});

async function storeFiles(store: Map<string, Response>, c: SavedVideo) {
  for (const name of ['master.m3u8', '240p/seg-0.m4s']) store.set(`${savedBase(c)}${name}`, new Response('bytes'));
}
const filesOf = (store: Map<string, Response>, c: SavedVideo) => [...store.keys()].filter((k) => k.startsWith(savedBase(c)));

/** No network at all: any request fails as a dropped connection does. */
function offline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  mockApi(() => {
    throw new TypeError('Failed to fetch');
  });
}

const rung: Rendition = { name: '240p', height: 240, bandwidth: 144_000, data_saver: true };
const media = (): NonNullable<Video['media']> => ({ state: 'ready', progress: 100, stream: '/media/private/videos/7/r1/master.m3u8?s=sig', download: null, download_name: null, download_size: null, duration: 3600, thumbnails: null, renditions: [rung], resume_at: 0 });
const rental = (started_at: string | null, expires_at: string) => ({ id: 1, video_id: 7, title: 'Video 7', image: null, price_paid: 50, rented_at: iso(Date.now() - HOUR), started_at, expires_at });

describe('a video saved offline under a rental', () => {
  beforeEach(() => {
    localStorage.setItem('authorized', 'true');
    localStorage.setItem('account_id', String(ACCOUNT));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    i18n.activate('en');
  });

  it('is removed, bytes and record, once its rental has ended by the phone’s clock, with no network, and its owner is told once', async () => {
    const store = fakeCaches();
    offline();
    const ended = rentedCopy(1, -60_000);
    const live = rentedCopy(2, 31 * HOUR);
    putSavedVideo(ended);
    putSavedVideo(live);
    await storeFiles(store, ended);
    await storeFiles(store, live);

    await removeEndedRentals();
    await removeEndedRentals();

    expect(savedVideo(1)).toBeUndefined();
    expect(filesOf(store, ended)).toEqual([]);
    expect(savedVideo(2)).toBeDefined();
    expect(filesOf(store, live)).toHaveLength(2);
    expect(removalNotices()).toEqual([{ owner: ACCOUNT, id: 1, title: 'Video 1', reason: 'rental_ended' }]);
  });

  it('does not play past its end: the player says the rental ended, and the copy goes', async () => {
    const store = fakeCaches();
    offline();
    const ended = rentedCopy(1, -1000);
    putSavedVideo(ended);
    await storeFiles(store, ended);
    renderApp(<SavedPlayer video={ended} autoPlay />);
    expect(screen.getByRole('status')).toHaveTextContent('Your rental of Video 1 has ended: this copy no longer plays.');
    expect(document.querySelector('video')).toBeNull();
    await waitFor(() => expect(savedVideo(1)).toBeUndefined());
    expect(filesOf(store, ended)).toEqual([]);
  });

  it('stops playing at the end itself, while it is open', async () => {
    fakeCaches();
    offline();
    const copy = rentedCopy(1, 2000);
    putSavedVideo(copy);
    renderApp(<SavedPlayer video={copy} />);
    expect(screen.getByTestId('rental-time-left')).toHaveTextContent('Ends in 1 min');
    expect(await screen.findByText('Your rental of Video 1 has ended: this copy no longer plays.', undefined, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(savedVideo(1)).toBeUndefined());
  });

  it('shows the time left in Saved videos before its end, and is gone from the list with a notice after it, with no network', async () => {
    fakeCaches();
    offline();
    putSavedVideo({ ...rentedCopy(1, 31 * HOUR + 60_000), title: 'Nairobi Heist' });
    putSavedVideo({ ...rentedCopy(2, -HOUR), title: 'Mtaa Comedy Club' });
    renderApp(<SavedScreen />, '/saved');
    expect(await screen.findByText('Mtaa Comedy Club was removed from this phone: its rental ended.')).toBeInTheDocument();
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Nairobi Heist');
    expect(rows[0]).toHaveTextContent('Ends in 31 h');
    expect(screen.getByRole('button', { name: 'Play Nairobi Heist' })).toBeInTheDocument();
  });

  it('says so in Kiswahili', async () => {
    fakeCaches();
    offline();
    i18n.load('sw', sw);
    i18n.activate('sw');
    const ended = rentedCopy(1, -1000);
    putSavedVideo(ended);
    renderApp(<SavedPlayer video={ended} />);
    expect(screen.getByRole('status')).toHaveTextContent('Ukodishaji wako wa Video 1 umeisha: nakala hii haichezi tena.');
  });

  it('counts as access while the rental is live, so the server’s answer to a renter does not remove it as refunded', () => {
    expect(accessIn({ owned: false, media: media(), rental: rental(null, iso(Date.now() + HOUR)) })).toBe('owned');
    expect(accessIn({ owned: false, rental: null })).toBe('not-owned');
  });

  it('keeps a copy saved under a live pass as watched, not refunded, and removes it at the pass’s end with its own words (CONTRACT §14)', async () => {
    const ends = iso(Date.now() + 2 * HOUR);
    const underPass = { owned: false, media: media(), rental: null, pass: { id: 4, ends_at: ends } };
    expect(accessIn(underPass)).toBe('owned');
    expect(accessIn({ ...underPass, pass: { id: 4, ends_at: iso(Date.now() - 1000) } })).toBe('not-owned');
    expect(rentalOf(underPass)).toEqual({ started_at: null, expires_at: ends, pass: true });
    expect(decide({ checkedAt: Date.now(), rental: { started_at: null, expires_at: iso(Date.now() - 1000), pass: true } }, 'unknown', Date.now())).toBe('pass_ended');
    fakeCaches();
    offline();
    putSavedVideo({ ...savedCopy(1, ACCOUNT), owner: ACCOUNT, title: 'Nairobi Heist', rental: { started_at: null, expires_at: iso(Date.now() + 31 * HOUR + 60_000), pass: true } });
    putSavedVideo({ ...savedCopy(2, ACCOUNT), owner: ACCOUNT, title: 'Mtaa Comedy Club', rental: { started_at: null, expires_at: iso(Date.now() - HOUR), pass: true } });
    renderApp(<SavedScreen />, '/saved');
    expect(await screen.findByText('Mtaa Comedy Club was removed from this phone: the pass it was saved under ended.')).toBeInTheDocument();
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Ends in 31 h');
  });

  it('is offered to a live rental, saying saving starts its clock, and keeps the end that the save started', async () => {
    fakeCaches();
    Object.defineProperty(navigator, 'storage', { value: { estimate: async () => ({ quota: 2_000_000_000, usage: 0 }), persist: async () => true }, configurable: true });
    const before = makeVideo(7, { owned: false, media: media(), rental: rental(null, iso(Date.now() + 30 * 24 * HOUR)) });
    const started = iso(Date.now());
    const ends = iso(Date.now() + 48 * HOUR);
    let playlistFetched = false;
    mockApi((url) => {
      if (url.pathname.includes('token/refresh')) return { access: 'token' };
      // The server starts the rental's clock at the first fetch of its media.
      if (url.pathname.startsWith('/api/videoDetails/7')) return playlistFetched ? { ...before, rental: rental(started, ends) } : before;
      playlistFetched = true;
      if (url.pathname.endsWith('master.m3u8')) return new Response('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=160000,NAME="240p"\n240p/index.m3u8?s=p\n');
      if (url.pathname.endsWith('index.m3u8')) return new Response('#EXTM3U\n#EXT-X-MAP:URI="init.mp4?s=i"\n#EXTINF:4,\nseg-0000.m4s?s=0\n#EXT-X-ENDLIST');
      return new Response(new Uint8Array(100));
    });
    renderApp(<SaveOffline video={before} />);
    expect(screen.getByTestId('offline-rental')).toHaveTextContent("Saving starts your rental's clock, as playing does");
    expect(screen.getByRole('button', { name: 'Save for offline' })).toBeEnabled();

    await act(() => startSaving(before, rung, false));
    expect(savedVideo(7)).toMatchObject({ status: 'saved', rental: { started_at: started, expires_at: ends } });
  });
});
