import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

export type Refusable = 'uploadPart' | 'putObject' | 'deleteObject' | 'getObject';
type Body = Readable | Buffer | Uint8Array | string | undefined;
interface Stored {
  body: Buffer;
  metadata?: Record<string, string>;
}

const missing = (name: 'NoSuchKey' | 'NotFound' | 'NoSuchUpload') => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: 404 } });
const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

async function bytesOf(body: Body): Promise<Buffer> {
  if (body === undefined) return Buffer.alloc(0);
  if (typeof body === 'string' || body instanceof Uint8Array) return Buffer.from(body);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * A bucket in memory with just the AWS SDK calls @tus/s3-store's create, write, read and getUpload
 * make, for tests without a gateway.
 */
export class MemoryS3 {
  readonly objects = new Map<string, Stored>();
  readonly uploads = new Map<string, { key: string; metadata?: Record<string, string>; parts: Map<number, Buffer> }>();
  private nextUpload = 1;

  async createMultipartUpload(p: { Key: string; Metadata?: Record<string, string> }) {
    const UploadId = `upload-${this.nextUpload++}`;
    this.uploads.set(UploadId, { key: p.Key, metadata: p.Metadata, parts: new Map() });
    return { Key: p.Key, UploadId };
  }

  async uploadPart(p: { Key: string; UploadId: string; PartNumber: number; Body?: Body }) {
    const upload = this.uploads.get(p.UploadId);
    if (!upload || upload.key !== p.Key) throw missing('NoSuchUpload');
    const body = await bytesOf(p.Body);
    upload.parts.set(p.PartNumber, body);
    return { ETag: etagOf(body) };
  }

  async listParts(p: { Key: string; UploadId: string }) {
    const upload = this.uploads.get(p.UploadId);
    if (!upload || upload.key !== p.Key) throw missing('NoSuchUpload');
    const Parts = [...upload.parts].sort(([a], [b]) => a - b).map(([PartNumber, body]) => ({ PartNumber, Size: body.length, ETag: etagOf(body) }));
    return { Parts, IsTruncated: false };
  }

  async completeMultipartUpload(p: { Key: string; UploadId: string; MultipartUpload: { Parts: { PartNumber?: number; ETag?: string }[] } }) {
    const upload = this.uploads.get(p.UploadId);
    if (!upload || upload.key !== p.Key) throw missing('NoSuchUpload');
    const bodies = p.MultipartUpload.Parts.map((part) => {
      const body = upload.parts.get(part.PartNumber!);
      if (!body || etagOf(body) !== part.ETag) throw Object.assign(new Error('InvalidPart'), { name: 'InvalidPart' });
      return body;
    });
    this.objects.set(p.Key, { body: Buffer.concat(bodies), metadata: upload.metadata });
    this.uploads.delete(p.UploadId);
    return { Location: `memory://${p.Key}` };
  }

  async putObject(p: { Key: string; Body?: Body; Metadata?: Record<string, string> }) {
    const body = await bytesOf(p.Body);
    this.objects.set(p.Key, { body, metadata: p.Metadata });
    return { ETag: etagOf(body) };
  }

  async getObject(p: { Key: string }) {
    const stored = this.objects.get(p.Key);
    if (!stored) throw missing('NoSuchKey');
    const Body = Object.assign(Readable.from([stored.body]), { transformToString: async () => stored.body.toString('utf8') });
    return { Body, Metadata: stored.metadata, ContentLength: stored.body.length };
  }

  async headObject(p: { Key: string }) {
    const stored = this.objects.get(p.Key);
    if (!stored) throw missing('NotFound');
    return { ContentLength: stored.body.length, Metadata: stored.metadata };
  }

  async deleteObject(p: { Key: string }) {
    this.objects.delete(p.Key);
    return {};
  }
}

/**
 * An outage of a bucket's gateway, in memory or real: while `failing` answers true for a write
 * (uploadPart, putObject, deleteObject) or a read of an object (getObject), the client refuses it as
 * a gateway that is down would (503).
 */
export function withOutage<T extends object>(client: T) {
  const outage = { failing: null as ((op: Refusable, params: { Key?: string; PartNumber?: number }) => boolean) | null };
  const refusable = new Set<string | symbol>(['uploadPart', 'putObject', 'deleteObject', 'getObject']);
  const wrapped = new Proxy(client, {
    get(target, name) {
      const value = Reflect.get(target, name, target) as unknown;
      if (typeof value !== 'function') return value;
      return (params: { Key?: string; PartNumber?: number; Body?: Body }, ...rest: unknown[]) => {
        if (refusable.has(name) && outage.failing?.(name as Refusable, params)) {
          if (params.Body instanceof Readable) params.Body.destroy();
          return Promise.reject(Object.assign(new Error('Service Unavailable'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } }));
        }
        return (value as (...args: unknown[]) => unknown).call(target, params, ...rest);
      };
    },
  });
  return { client: wrapped, outage };
}
