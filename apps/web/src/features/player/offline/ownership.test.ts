import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountIdOf } from '../../../api/session.ts';
import { setAccessToken } from '../../../lib/auth.ts';
import { ownSavedCopies, removeSavedCopiesOf } from '../../../lib/saved-copies.ts';
import { forgetSession, rememberSession } from '../../../lib/session.ts';
import { fakeCaches } from '../../../test/fake-caches.ts';
import { makeVideo } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/render.tsx';
import { savedCopy } from '../../../test/saved-copy.ts';
import { savedBase } from './files.ts';
import { accessIn, checkAccess, reviewSavedVideos } from './review.ts';
import { dismissRemovalNotice, putSavedVideo, removalNotices, savedVideo, savedVideos, type SavedVideo } from './saved-videos.ts';

const WANJIKU = 7;
const OTIENO = 8;
const DAY = 24 * 60 * 60 * 1000;

const copy = savedCopy;
const save = (c: SavedVideo) => putSavedVideo(c as SavedVideo & { owner: number });

const signIn = (accountId: number) => rememberSession({ username: `user${accountId}`, pictureUrl: null, isStaff: false, accountId });

/** Stores a copy's two files, as a save would. */
async function storeFiles(store: Map<string, Response>, c: SavedVideo) {
  for (const name of ['master.m3u8', '240p/seg-0.m4s']) store.set(`${savedBase(c)}${name}`, new Response('bytes'));
}

/** An access token naming the account, as the server signs it (only its payload matters here). */
const tokenFor = (id: number) => `h.${btoa(JSON.stringify({ sub: String(id), typ: 'access' })).replace(/=+$/, '')}.s`;

describe('saved copies belong to the account that saved them', () => {
  beforeEach(() => setAccessToken(null));
  afterEach(() => vi.unstubAllGlobals());

  it('are hidden while it is signed out, not shown to another account, and back when it signs in again', () => {
    signIn(WANJIKU);
    save(copy(1, WANJIKU));
    expect(savedVideos().map((v) => v.title)).toEqual(['Video 1']);
    expect(ownSavedCopies()).toEqual({ count: 1, bytes: 1_500_000 });

    forgetSession();
    expect(savedVideos()).toEqual([]);
    expect(savedVideo(1)).toBeUndefined();

    signIn(OTIENO);
    expect(savedVideos()).toEqual([]);
    expect(ownSavedCopies().count).toBe(0);

    forgetSession();
    signIn(WANJIKU);
    expect(savedVideos().map((v) => v.title)).toEqual(['Video 1']);
  });

  it('knows the account from the access token at login, and a new login never inherits the previous account', () => {
    expect(accountIdOf(tokenFor(WANJIKU))).toBe(WANJIKU);
    expect(accountIdOf('not-a-token')).toBeNull();
    signIn(WANJIKU);
    save(copy(1, WANJIKU));
    rememberSession({ username: 'otieno', pictureUrl: null, isStaff: false, accountId: null });
    expect(savedVideos()).toEqual([]);
  });

  it('an answer given to a visitor says nothing about access; only an answer to the token does', () => {
    const media = makeVideo(1, { owned: true }).media;
    expect(accessIn(makeVideo(1, {}))).toBe('unknown');
    expect(accessIn(makeVideo(1, { owned: false }))).toBe('not-owned');
    expect(accessIn({ owned: true, media: media ?? { state: 'ready', progress: 100, stream: 's', download: null, download_name: null, download_size: null, duration: 60, thumbnails: null, renditions: [], resume_at: 0 } })).toBe('owned');
  });

  it('keeps the copy when the session has ended: it never asks as a visitor, and tells nobody it was removed', async () => {
    const store = fakeCaches();
    signIn(WANJIKU);
    const c = copy(1, WANJIKU);
    save(c);
    await storeFiles(store, c);
    // The refresh cookie expired or was revoked: the server refuses it; as a visitor it would answer without `owned`.
    const fetched = mockApi((url, init) => {
      if (url.pathname === '/api/token/refresh/') return new Response(JSON.stringify({ detail: 'Token is invalid or expired' }), { status: 401 });
      expect(new Headers(init?.headers).get('authorization'), 'asked as a visitor').toBeTruthy();
      return makeVideo(1, {});
    });
    expect(await checkAccess(1)).toBe('unknown');
    await reviewSavedVideos();
    expect(fetched.mock.calls.map(([u]) => String(u))).not.toContain('/api/videoDetails/1/');
    expect(savedVideos().map((v) => v.id)).toEqual([1]);
    expect([...store.keys()]).toHaveLength(2);
    expect(removalNotices()).toEqual([]);
  });

  it('is removed when the server answers the account that it no longer owns it (a refund, or a 404 to its token), with one notice that stays dismissed', async () => {
    const store = fakeCaches();
    signIn(WANJIKU);
    setAccessToken(tokenFor(WANJIKU));
    for (const c of [copy(1, WANJIKU), copy(2, WANJIKU), copy(3, WANJIKU)]) {
      save(c);
      await storeFiles(store, c);
    }
    mockApi((url) => {
      if (url.pathname === '/api/videoDetails/1/') return makeVideo(1, { owned: false });
      if (url.pathname === '/api/videoDetails/2/') return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 });
      return makeVideo(3, { owned: true, media: { state: 'ready', progress: 100, stream: 's', download: null, download_name: null, download_size: null, duration: 60, thumbnails: null, renditions: [], resume_at: 0 } });
    });
    await Promise.all([reviewSavedVideos(), reviewSavedVideos()]);
    expect(savedVideos().map((v) => v.id)).toEqual([3]);
    expect([...store.keys()].every((k) => k.includes(`/account-${WANJIKU}/3/`))).toBe(true);
    expect(removalNotices().map((n) => n.title).sort()).toEqual(['Video 1', 'Video 2']);

    dismissRemovalNotice(1);
    await reviewSavedVideos();
    expect(removalNotices().map((n) => n.title)).toEqual(['Video 2']);

    // The next customer on this phone is not told of anyone else's videos.
    forgetSession();
    signIn(OTIENO);
    expect(removalNotices()).toEqual([]);
  });

  it('ages other accounts\' copies without asking about them: gone after 30 days unchecked, with a notice for their owner only', async () => {
    const store = fakeCaches();
    const start = Date.now();
    const hers = copy(1, WANJIKU, start);
    save(hers);
    await storeFiles(store, hers);
    signIn(OTIENO);
    const asked: number[] = [];
    await reviewSavedVideos(async (id) => (asked.push(id), 'not-owned'), start + 29 * DAY);
    expect(asked).toEqual([]);
    await reviewSavedVideos(async () => 'unknown', start + 31 * DAY);
    expect(removalNotices()).toEqual([]);
    expect(store.size).toBe(0);
    forgetSession();
    signIn(WANJIKU);
    expect(savedVideos()).toEqual([]);
    expect(removalNotices()).toEqual([{ owner: WANJIKU, id: 1, title: 'Video 1', reason: 'unchecked' }]);
  });

  it('a copy saved before copies had owners goes to the account the server says owns it, files and all, and to nobody else', async () => {
    const store = fakeCaches();
    const old = copy(5, undefined);
    save(old);
    await storeFiles(store, old);
    signIn(OTIENO);
    await reviewSavedVideos(async () => 'not-owned');
    expect(savedVideos()).toEqual([]);
    forgetSession();
    signIn(WANJIKU);
    await reviewSavedVideos(async () => 'owned');
    expect(savedVideos().map((v) => [v.id, v.owner])).toEqual([[5, WANJIKU]]);
    expect([...store.keys()]).toEqual([`${savedBase({ id: 5, owner: WANJIKU })}master.m3u8`, `${savedBase({ id: 5, owner: WANJIKU })}240p/seg-0.m4s`]);
  });

  it('are removed, bytes and all, when their account chooses so at logout; other accounts\' copies stay', async () => {
    const store = fakeCaches();
    const hers = copy(1, WANJIKU);
    const his = copy(1, OTIENO);
    for (const c of [hers, his]) {
      save(c);
      await storeFiles(store, c);
    }
    signIn(WANJIKU);
    await removeSavedCopiesOf(WANJIKU);
    expect(savedVideos()).toEqual([]);
    expect([...store.keys()].every((k) => k.includes(`/account-${OTIENO}/1/`))).toBe(true);
    forgetSession();
    signIn(OTIENO);
    expect(savedVideos().map((v) => v.id)).toEqual([1]);
  });
});
