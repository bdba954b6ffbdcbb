import { describe, expect, it } from 'vitest';
import { createMediaSignatureVerifier, signMediaPath } from './signing.ts';

const secret = 'test-media-secret-'.padEnd(40, 'x');
const path = '/media/private/videos/7/r1/download.mp4';
const queryOf = (address: string) => Object.fromEntries(new URL(address, 'http://store').searchParams);

describe('media addresses verified with recent answers kept', () => {
  it('keeps accepting a genuine address until it expires, and not a second longer', () => {
    const verify = createMediaSignatureVerifier(secret);
    const query = queryOf(signMediaPath(secret, path, { userId: 3, expires: 1_000, downloadName: 'Nairobi Heist.mp4' }));
    expect(verify(path, query, 900)).toEqual({ userId: 3, expires: 1_000, downloadName: 'Nairobi Heist.mp4' });
    expect(verify(path, query, 1_000)).not.toBeNull();
    expect(verify(path, query, 1_001)).toBeNull();
  });

  it('never lets a kept answer vouch for a changed address', () => {
    const verify = createMediaSignatureVerifier(secret);
    const query = queryOf(signMediaPath(secret, path, { userId: 3, expires: 1_000 }));
    expect(verify(path, query, 900)).not.toBeNull();
    expect(verify(path, { ...query, u: '4' }, 900)).toBeNull();
    expect(verify(path, { ...query, e: '9000' }, 900)).toBeNull();
    expect(verify(path, { ...query, n: 'other.mp4' }, 900)).toBeNull();
    expect(verify(path.replace('7', '8'), query, 900)).toBeNull();
    expect(verify(path, { ...query, s: `${query.s!.slice(0, -2)}AA` }, 900)).toBeNull();
    // Refused once is not remembered as refused either way: the genuine address still works.
    expect(verify(path, query, 900)).not.toBeNull();
  });
});
