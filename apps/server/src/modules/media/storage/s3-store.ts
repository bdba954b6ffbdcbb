import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { create as contentDisposition } from 'content-disposition';
import { asPrefix, checkKey, contentTypeOf, type MediaStore } from './media-store.ts';
import { createPresigner } from './presign.ts';

/** A bucket and where in it, from MEDIA_STORAGE_URL, with the AWS SDK's standard settings. */
export interface S3Location {
  bucket: string;
  /** '' or ending in '/'. */
  prefix: string;
  region: string;
  /** AWS_ENDPOINT_URL_S3: a server that is not AWS (Ceph RGW, MinIO, R2); addressed by path. */
  endpoint: string | undefined;
  /** Absent: the SDK's default chain (instance role, profile...). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined } | undefined;
  /** How long a request may wait with no byte moving before it is given up on; BUCKET_IDLE_TIMEOUT_MS unless a test says. */
  idleTimeoutMs?: number | undefined;
}

/**
 * A gateway that accepts connections and never answers (hung, or packets dropped) would hold a
 * request for ever: the AWS SDK has no timeout of its own. A connection not made within 5 s, or a
 * request with no byte moving for 30 s, fails as a TimeoutError (which the SDK tries twice more, and
 * lib/outage.ts answers 503). 30 s leaves room for a gateway's slow answers (a multipart upload's
 * completion, a large server-side copy), which send bytes while they work on AWS and Ceph.
 */
export const BUCKET_CONNECT_TIMEOUT_MS = 5_000;
export const BUCKET_IDLE_TIMEOUT_MS = 30_000;

/** The client settings both our store and tus's S3 store use. */
export function s3ClientConfig(loc: S3Location): S3ClientConfig {
  // The SDK's documented switch for its warning, on Node 20, that its releases after January 2027
  // need Node 22: the store pins its SDK and supports Node 20 until then (decision 0031). An operator's
  // own setting wins.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return {
    region: loc.region,
    ...(loc.endpoint ? { endpoint: loc.endpoint, forcePathStyle: true } : {}),
    ...(loc.credentials ? { credentials: loc.credentials } : {}),
    // Checksums only where S3 requires them: gateways that are not AWS (Ceph before Squid) refuse
    // the SDK's default trailing CRC32 on streamed uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: BUCKET_CONNECT_TIMEOUT_MS, socketTimeout: loc.idleTimeoutMs ?? BUCKET_IDLE_TIMEOUT_MS },
  };
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

async function* walk(dir: string, base = ''): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const rel = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), rel);
    else yield rel;
  }
}

/** Media in an S3-compatible bucket (AWS S3, Cloudflare R2, Ceph RGW). */
export function createS3Store(loc: S3Location, client = new S3Client(s3ClientConfig(loc))): MediaStore & { client: S3Client; location: S3Location } {
  const Bucket = loc.bucket;
  const full = (key: string) => `${loc.prefix}${checkKey(key)}`;
  // Static keys: addresses signed here in microseconds (a playlist lists hundreds); else the SDK's presigner.
  const fastPresign = loc.credentials ? createPresigner({ ...loc, credentials: loc.credentials }) : null;
  const fullPrefix = (prefix: string) => `${loc.prefix}${asPrefix(checkKey(prefix.replace(/\/$/, '')))}`;

  async function upload(key: string, body: Readable | Buffer | string, contentType = contentTypeOf(key)) {
    // lib-storage sends big files in parts (several at once) and small ones in one PUT.
    await new Upload({ client, params: { Bucket, Key: full(key), Body: body, ContentType: contentType }, queueSize: 4, partSize: 8 * 1024 * 1024 }).done();
  }

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  /** A server-side copy (the bytes never leave the bucket). */
  async function copyKey(fromFull: string, toFull: string) {
    await client.send(new CopyObjectCommand({ Bucket, Key: toFull, CopySource: encodeURIComponent(`${Bucket}/${fromFull}`).replace(/%2F/g, '/') }));
  }

  async function deleteKeys(keys: string[]) {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
  }

  return {
    driver: 's3',
    client,
    location: loc,
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: full(key), Body: body, ContentType: contentType ?? contentTypeOf(key) }));
    },
    async putFile(key, file, contentType) {
      await upload(key, createReadStream(file), contentType);
    },
    async putFolder(prefix, dir) {
      const files: string[] = [];
      for await (const rel of walk(dir)) files.push(rel);
      // A few at a time: segments are small, and a revision is only used once the database says so.
      for (let i = 0; i < files.length; i += 8) {
        await Promise.all(files.slice(i, i + 8).map((rel) => upload(`${asPrefix(prefix)}${rel}`, createReadStream(path.join(dir, rel)))));
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
    async read(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async open(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
        return { body: out.Body as Readable, size: out.ContentLength ?? 0 };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async localCopy(key, scratchDir) {
      const file = path.join(scratchDir, path.posix.basename(key));
      await fs.mkdir(scratchDir, { recursive: true });
      const out = await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
      await pipeline(out.Body as Readable, createWriteStream(file));
      return file;
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async children(prefix) {
      const p = fullPrefix(prefix);
      const names = new Set<string>();
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: p, Delimiter: '/', ContinuationToken: token }));
        for (const c of page.CommonPrefixes ?? []) if (c.Prefix) names.add(c.Prefix.slice(p.length, -1));
        for (const o of page.Contents ?? []) if (o.Key) names.add(o.Key.slice(p.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return [...names].sort();
    },
    async copyFolder(fromPrefix, toPrefix) {
      const [from, to] = [fullPrefix(fromPrefix), fullPrefix(toPrefix)];
      const keys = await keysUnder(from);
      await deleteKeys(await keysUnder(to));
      for (let i = 0; i < keys.length; i += 16) await Promise.all(keys.slice(i, i + 16).map((k) => copyKey(k, `${to}${k.slice(from.length)}`)));
    },
    async move(fromKey, toKey) {
      await copyKey(full(fromKey), full(toKey));
      await deleteKeys([full(fromKey)]);
    },
    async remove(key) {
      await deleteKeys([full(key)]);
    },
    async removePrefix(prefix) {
      await deleteKeys(await keysUnder(fullPrefix(prefix)));
    },
    async presign(key, opts) {
      const disposition = opts.downloadName ? contentDisposition(opts.downloadName) : undefined;
      if (fastPresign) return fastPresign(full(key), { expiresIn: opts.expiresIn, contentDisposition: disposition, contentType: opts.contentType });
      const command = new GetObjectCommand({
        Bucket,
        Key: full(key),
        ...(disposition ? { ResponseContentDisposition: disposition } : {}),
        ...(opts.contentType ? { ResponseContentType: opts.contentType } : {}),
      });
      return getSignedUrl(client, command, { expiresIn: opts.expiresIn });
    },
  };
}
