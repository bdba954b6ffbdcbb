import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { S3Store } from '@tus/s3-store';
import { Upload } from '@tus/server';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryS3, withOutage } from '../../../test/helpers/memory-s3.ts';
import { testS3 } from '../../../test/helpers/s3.ts';
import { createS3Store, s3ClientConfig, type S3Location } from '../media/index.ts';
import { DurableS3Store } from './durable-s3-store.ts';

const MiB = 1024 * 1024;
/** The smallest part S3 takes (the library's minPartSize): 1.5 MB stays an incomplete part. */
const PART = 5 * MiB;
const FIRST = Math.round(1.5 * MiB);
const file = randomBytes(12 * MiB);
/** The gateway goes down mid-way: after the library's delete of the unfinished part, before it is stored again. */
const storesRefused = (op: string) => op === 'uploadPart' || op === 'putObject';

async function bytesOf(body: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

// In memory always; in the real gateway too when TEST_S3_URL names one (Ceph in CI).
const real = testS3();
const buckets: { where: string; loc: S3Location | undefined }[] = [{ where: 'a bucket in memory', loc: undefined }, ...(real ? [{ where: 'the test gateway', loc: real }] : [])];

describe.each(buckets)('DurableS3Store in $where: a bucket failing mid-upload keeps the acknowledged bytes (issue 31)', ({ loc }) => {
  afterAll(async () => {
    if (loc) await createS3Store(loc).removePrefix('uploads');
  });

  async function storeWithUpload(Store: typeof S3Store) {
    const store = new Store({ partSize: PART, s3ClientConfig: loc ? { bucket: loc.bucket, ...s3ClientConfig(loc) } : { bucket: 'store', region: 'us-east-1' } });
    // The store keeps its AWS SDK client in a protected field: the outage (and the bucket in memory) goes there.
    const held = store as unknown as { client: object };
    const { client, outage } = withOutage(loc ? held.client : new MemoryS3());
    held.client = client;
    const id = `${loc?.prefix ?? ''}uploads/${randomBytes(16).toString('hex')}`;
    await store.create(new Upload({ id, size: file.length, offset: 0 }));
    const write = (from: number, to: number) => store.write(Readable.from([file.subarray(from, to)]), id, from);
    const offset = async () => (await store.getUpload(id)).offset;
    /** Writes the rest of the file from where the store says it is, and answers the finished object. */
    const finish = async () => {
      expect(await write(await offset(), file.length)).toBe(file.length);
      return bytesOf(await store.read(id));
    };
    /** The same upload seen from another web process: a store of its own (nothing cached) on the same bucket. */
    const elsewhere = (Other: typeof S3Store = Store) => {
      const other = new Other({ partSize: PART, s3ClientConfig: loc ? { bucket: loc.bucket, ...s3ClientConfig(loc) } : { bucket: 'store', region: 'us-east-1' } });
      (other as unknown as { client: object }).client = client;
      return { offset: async () => (await other.getUpload(id)).offset };
    };
    return { outage, write, offset, finish, elsewhere };
  }

  it.each([
    { next: 4 * MiB, what: 'as a full part' },
    { next: 1 * MiB, what: 'as a new incomplete part' },
  ])('the bytes after an unfinished part fail to go up $what: the offset stays, and the upload resumes to the exact file', async ({ next }) => {
    const upload = await storeWithUpload(DurableS3Store);
    expect(await upload.write(0, FIRST)).toBe(FIRST);

    upload.outage.failing = storesRefused;
    await expect(upload.write(FIRST, FIRST + next)).rejects.toThrow('Service Unavailable');
    upload.outage.failing = null;

    expect(await upload.offset()).toBe(FIRST);
    expect((await upload.finish()).equals(file)).toBe(true);
  });

  it('an unfinished part stored again in a full part is deleted even when a later chunk fails, so its bytes are not counted twice', async () => {
    const upload = await storeWithUpload(DurableS3Store);
    await upload.write(0, FIRST);
    // Part 1 (the old 1.5 MB and 3.5 MB new) goes up; the new tail of 3 MB cannot be stored.
    upload.outage.failing = (op, p) => op === 'putObject' && Boolean(p.Key?.endsWith('.part'));
    await expect(upload.write(FIRST, 8 * MiB)).rejects.toThrow('Service Unavailable');
    upload.outage.failing = null;

    expect(await upload.offset()).toBe(PART);
    expect((await upload.finish()).equals(file)).toBe(true);
  });

  it('a bucket that refuses that deletion once is asked again, so the bytes are not counted twice either', async () => {
    const upload = await storeWithUpload(DurableS3Store);
    await upload.write(0, FIRST);
    let refusals = 1;
    upload.outage.failing = (op) => op === 'deleteObject' && refusals-- > 0;
    // The old 1.5 MB and 3.5 MB new make exactly part 1, and no new incomplete part.
    expect(await upload.write(FIRST, PART)).toBe(PART);
    expect(refusals).toBe(-1);
    upload.outage.failing = null;
    expect(await upload.offset()).toBe(PART);
    expect((await upload.finish()).equals(file)).toBe(true);
  });

  it('a bucket that refuses that deletion three times fails the write, and the upload is not read with those bytes counted twice', async () => {
    const upload = await storeWithUpload(DurableS3Store);
    await upload.write(0, FIRST);
    upload.outage.failing = (op) => op === 'deleteObject';
    // Part 1 (the old 1.5 MB and 3.5 MB new) is stored; the old unfinished part cannot be deleted.
    await expect(upload.write(FIRST, PART)).rejects.toThrow('Service Unavailable');
    // Asked where it stands while the deletion is still refused: "try again", not an offset 1.5 MB too far.
    await expect(upload.offset()).rejects.toThrow('Service Unavailable');
    upload.outage.failing = null;
    expect(await upload.offset()).toBe(PART);
    expect((await upload.finish()).equals(file)).toBe(true);
  });

  it('another process asked where an upload stands while the bucket is away says "try again", not "no such upload"', async () => {
    const upload = await storeWithUpload(DurableS3Store);
    await upload.write(0, FIRST);
    upload.outage.failing = (op) => op === 'getObject';
    await expect(upload.elsewhere().offset()).rejects.toThrow('Service Unavailable');
    // The library alone answers tus's 404: the back office would send the whole file again.
    await expect(upload.elsewhere(S3Store).offset()).rejects.toMatchObject({ status_code: 404 });
    upload.outage.failing = null;
    expect(await upload.elsewhere().offset()).toBe(FIRST);
  });

  it('without an outage it stores what the library stores: parts of 5 MB, the tail as an incomplete part replaced by the next write', async () => {
    const upload = await storeWithUpload(DurableS3Store);
    expect(await upload.write(0, FIRST)).toBe(FIRST);
    expect(await upload.write(FIRST, 2 * FIRST)).toBe(2 * FIRST);
    expect(await upload.offset()).toBe(2 * FIRST);
    expect(await upload.write(2 * FIRST, 7 * MiB)).toBe(7 * MiB);
    expect(await upload.offset()).toBe(7 * MiB);
    expect((await upload.finish()).equals(file)).toBe(true);
  });

  it('the library alone loses them: it deletes the unfinished part before storing it again, and the offset drops to 0', async () => {
    const upload = await storeWithUpload(S3Store);
    await upload.write(0, FIRST);
    upload.outage.failing = storesRefused;
    await expect(upload.write(FIRST, FIRST + 4 * MiB)).rejects.toThrow('Service Unavailable');
    upload.outage.failing = null;
    expect(await upload.offset()).toBe(0);
    expect((await upload.finish()).equals(file)).toBe(true);
  });
});
