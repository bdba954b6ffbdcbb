import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { Upload } from '@tus/server';
import { outageOf } from '../../lib/outage.ts';

/** What one `write` of an upload stored in the bucket, as its part uploads settle. */
interface WriteRecord {
  /** The number the combined stream's first chunk goes to S3 under, if it is a full part. */
  firstPartNumber: number;
  firstPartStored: boolean;
  /** A new `<id>.part` replaced the old one (PutObject on one key is atomic). */
  incompletePartReplaced: boolean;
}

/**
 * @tus/s3-store (2.0.7) keeps a PATCH's last bytes short of 5 MB as `<id>.part`, and on the next
 * PATCH downloads it, DELETES it from the bucket, then uploads it in front of the new bytes: a
 * bucket that fails between the two loses those acknowledged bytes, and the upload's offset drops
 * (a 26 s gateway outage restarted an upload from 0 after 1.5 MB, issue 31). Here the old `.part`
 * stays until its bytes are stored again: deleted once the first chunk went up as a full part (it
 * now holds them; keeping both would count them twice), left to a new `.part` that replaced it,
 * and kept when nothing was stored, so a HEAD answers the same offset and the client resumes. The
 * rest of `write` is the library's.
 */
export class DurableS3Store extends S3Store {
  /** Per upload id: tus's locker lets one write at a time run for an upload. */
  private readonly writes = new Map<string, WriteRecord>();
  /**
   * Uploads whose old `.part` is already stored in a full part but the bucket refused to delete it:
   * until it is gone, the bucket's offset counts its bytes twice, so this process deletes it before
   * it answers anything about the upload (and answers 503 while it cannot).
   */
  private readonly staleParts = new Set<string>();
  /** Told when such a deletion is put off (uploads.ts hands it the app's logger). */
  onStalePart: ((id: string, err: unknown) => void) | undefined;

  /**
   * The library answers "no such upload" (404) whenever the upload's record cannot be read, the bucket
   * being away included: the client would start the whole file again. An outage is rethrown (503), so
   * it asks again in a moment and resumes.
   */
  override async getUpload(id: string): Promise<Upload> {
    await this.deleteStalePart(id);
    try {
      await this.getMetadata(id);
    } catch (err) {
      if (outageOf(err)) throw err;
    }
    return super.getUpload(id);
  }

  protected override async uploadPart(metadata: MetadataValue, readStream: Parameters<S3Store['uploadPart']>[1], partNumber: number) {
    const etag = await super.uploadPart(metadata, readStream, partNumber);
    const record = this.writes.get(metadata.file.id);
    if (record && partNumber === record.firstPartNumber) record.firstPartStored = true;
    return etag;
  }

  protected override async uploadIncompletePart(id: string, readStream: Parameters<S3Store['uploadIncompletePart']>[1]) {
    const etag = await super.uploadIncompletePart(id, readStream);
    const record = this.writes.get(id);
    if (record) record.incompletePartReplaced = true;
    return etag;
  }

  override async write(src: Readable, id: string, offset: number): Promise<number> {
    await this.deleteStalePart(id);
    // Metadata request needs to happen first
    const metadata = await this.getMetadata(id);
    const parts = await this.retrieveParts(id);
    const partNumber = parts.length > 0 ? parts[parts.length - 1]!.PartNumber! : 0;
    const nextPartNumber = partNumber + 1;
    const incompletePart = await this.downloadIncompletePart(id);
    const requestedOffset = offset;
    if (incompletePart) {
      // Unlike the library, the old incomplete part stays in the bucket until its bytes are stored again.
      offset = requestedOffset - incompletePart.size;
      const old = incompletePart.createReader({ cleanUpOnEnd: true });
      src = Readable.from(concat(old, src), { objectMode: false });
    }
    const record: WriteRecord = { firstPartNumber: nextPartNumber, firstPartStored: false, incompletePartReplaced: false };
    this.writes.set(id, record);
    let bytesUploaded: number;
    try {
      bytesUploaded = await this.uploadParts(metadata, src, nextPartNumber, offset);
    } finally {
      this.writes.delete(id);
      // The local copy of the old part, also when its reader was not read to the end.
      if (incompletePart) await rm(incompletePart.path, { force: true });
      // Every part upload has settled here (uploadParts waits for all of them, failed or not).
      if (incompletePart && record.firstPartStored && !record.incompletePartReplaced) await this.deleteStoredAgain(id);
    }
    // The size of the incomplete part should not be counted, because the
    // process of the incomplete part should be fully transparent to the user.
    const newOffset = requestedOffset + bytesUploaded - (incompletePart?.size ?? 0);
    if (metadata.file.size === newOffset) {
      const parts = await this.retrieveParts(id);
      await this.finishMultipartUpload(metadata, parts);
      await this.completeMetadata(metadata.file);
      await this.clearCache(id);
    }
    return newOffset;
  }

  /**
   * Deletes the old incomplete part once a full part holds its bytes. Until it is gone a HEAD counts
   * those bytes twice, so a bucket that blinks right then is given two more tries; if it still
   * refuses, the write fails, and the deletion is remembered and reported: this process deletes the
   * part before it next reads or writes the upload. (Another web process does not know of it: the
   * window this store cannot close, the length of an outage that began between two calls.)
   */
  private async deleteStoredAgain(id: string) {
    for (const wait of [...DELETE_RETRIES_MS, undefined]) {
      try {
        return await this.deleteIncompletePart(id);
      } catch (err) {
        if (wait === undefined) {
          this.staleParts.add(id);
          this.onStalePart?.(id, err);
          throw err;
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /** A deletion put off by deleteStoredAgain, done now; throws (503) while the bucket still refuses it. */
  private async deleteStalePart(id: string) {
    if (!this.staleParts.has(id)) return;
    await this.deleteIncompletePart(id);
    this.staleParts.delete(id);
  }
}

/** Waits between tries to delete an incomplete part whose bytes are already in a full part. */
const DELETE_RETRIES_MS = [250, 1000];

/** The old incomplete part's bytes, then the request's (what the library does with multistream). */
async function* concat(...streams: Readable[]): AsyncGenerator<Buffer> {
  try {
    for (const s of streams) for await (const chunk of s) yield chunk as Buffer;
  } finally {
    // A stream not read to its end (an earlier one failed) is let go.
    for (const s of streams) if (!s.destroyed) s.destroy();
  }
}
