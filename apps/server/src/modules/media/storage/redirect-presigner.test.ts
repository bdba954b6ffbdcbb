import { describe, expect, it } from 'vitest';
import type { MediaStore } from './media-store.ts';
import { createRedirectPresigner } from './redirect-presigner.ts';

/** A bucket that says, in each address, until when it is valid; `now` is the test's clock. */
function fakeBucket(clock: { now: number }) {
  const signed: { key: string; until: number; name: string | undefined }[] = [];
  const store = {
    driver: 's3',
    async presign(key: string, opts: { expiresIn: number; downloadName?: string | undefined }) {
      const until = clock.now + opts.expiresIn;
      signed.push({ key, until, name: opts.downloadName });
      return `https://bucket.example/${key}?until=${until}&n=${opts.downloadName ?? ''}&i=${signed.length}`;
    },
  } as unknown as MediaStore;
  return { store, signed };
}

const HOURS_4 = 4 * 3600;

describe('presigned addresses for redirects', () => {
  it('signs once for the many ranges of one download, and never beyond the grant it answers', async () => {
    const clock = { now: 1_800_000_000 };
    const { store, signed } = fakeBucket(clock);
    const presign = createRedirectPresigner(store);
    const grant = clock.now + HOURS_4 - 17;
    const first = await presign('private/videos/1/r1/download.mp4', grant, 'Nairobi Heist.mp4', clock.now);
    for (let i = 0; i < 200; i++) {
      clock.now += 3;
      expect(await presign('private/videos/1/r1/download.mp4', grant, 'Nairobi Heist.mp4', clock.now)).toBe(first);
    }
    expect(signed).toHaveLength(1);
    expect(signed[0]!.until).toBeLessThanOrEqual(grant);
    expect(signed[0]!.until).toBeGreaterThan(grant - 60);
  });

  it('keeps apart other files, other download names and later grants', async () => {
    const clock = { now: 1_800_000_000 };
    const { store, signed } = fakeBucket(clock);
    const presign = createRedirectPresigner(store);
    const grant = clock.now + HOURS_4;
    const a = await presign('private/videos/1/r1/download.mp4', grant, 'A.mp4', clock.now);
    const b = await presign('private/videos/1/r1/download.mp4', grant, 'B.mp4', clock.now);
    const inline = await presign('private/videos/1/r1/download.mp4', grant, undefined, clock.now);
    const other = await presign('private/videos/2/r1/download.mp4', grant, 'A.mp4', clock.now);
    const later = await presign('private/videos/1/r1/download.mp4', grant + 600, 'A.mp4', clock.now);
    expect(new Set([a, b, inline, other, later]).size).toBe(5);
    expect(signed.map((s) => s.name)).toEqual(['A.mp4', 'B.mp4', undefined, 'A.mp4', 'A.mp4']);
    // An earlier grant in the same minute gets an address that ends no later than it does.
    const earlier = await presign('private/videos/1/r1/download.mp4', grant - 1, 'A.mp4', clock.now);
    expect(Number(new URL(earlier!).searchParams.get('until'))).toBeLessThanOrEqual(grant - 1);
  });

  it('stops handing out an address a minute before it ends, and signs a grant about to end afresh', async () => {
    const clock = { now: 1_800_000_000 };
    const { store, signed } = fakeBucket(clock);
    const presign = createRedirectPresigner(store);
    const grant = clock.now + 600;
    const first = await presign('private/extras/3/notes.pdf', grant, 'notes.pdf', clock.now);
    clock.now = grant - 150;
    expect(await presign('private/extras/3/notes.pdf', grant, 'notes.pdf', clock.now)).toBe(first);
    // Under two minutes left: a fresh address each time, for at least a minute (as before any reuse).
    clock.now = grant - 100;
    const fresh = await presign('private/extras/3/notes.pdf', grant, 'notes.pdf', clock.now);
    expect(fresh).not.toBe(first);
    expect(signed.at(-1)!.until).toBe(grant);
    clock.now = grant - 10;
    await presign('private/extras/3/notes.pdf', grant, 'notes.pdf', clock.now);
    expect(signed.at(-1)!.until).toBe(clock.now + 60);
  });

  it('holds a bounded number of addresses', async () => {
    const clock = { now: 1_800_000_000 };
    const { store, signed } = fakeBucket(clock);
    const presign = createRedirectPresigner(store, { max: 3 });
    const grant = clock.now + HOURS_4;
    for (const id of [1, 2, 3, 4]) await presign(`private/videos/${id}/r1/download.mp4`, grant, undefined, clock.now);
    await presign('private/videos/1/r1/download.mp4', grant, undefined, clock.now);
    await presign('private/videos/4/r1/download.mp4', grant, undefined, clock.now);
    expect(signed.map((s) => s.key.split('/')[2])).toEqual(['1', '2', '3', '4', '1']);
  });
});
