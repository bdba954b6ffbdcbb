import { createHash, createHmac } from 'node:crypto';
import type { S3Location } from './s3-store.ts';

/** RFC 3986 as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ percent-encoded (and `/` too unless a path). */
const encode = (s: string, keepSlash = false) =>
  encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Presigned GETs (AWS Signature V4, query form, UNSIGNED-PAYLOAD) computed here: the SDK's
 * getSignedUrl runs its whole middleware stack per address (about 2 ms), and a two-hour film's
 * playlist lists 1,800 segments. This is the same algorithm with the day's signing key cached:
 * a few microseconds each. Only for static keys (AWS_ACCESS_KEY_ID); the SDK's chain of temporary
 * credentials goes through getSignedUrl. The tests check its addresses against the SDK's and a
 * real gateway.
 */
export function createPresigner(loc: S3Location & { credentials: NonNullable<S3Location['credentials']> }) {
  const { accessKeyId, secretAccessKey, sessionToken } = loc.credentials;
  const endpoint = loc.endpoint ? new URL(loc.endpoint) : new URL(`https://${loc.bucket}.s3.${loc.region}.amazonaws.com`);
  const origin = `${endpoint.protocol}//${endpoint.host}`;
  const basePath = loc.endpoint ? `${endpoint.pathname.replace(/\/$/, '')}/${loc.bucket}` : '';
  let day = '';
  let signingKey: Buffer = Buffer.alloc(0);

  return function presign(key: string, opts: { expiresIn: number; contentDisposition?: string | undefined; contentType?: string | undefined; now?: Date }): string {
    const now = opts.now ?? new Date();
    const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const date = amzDate.slice(0, 8);
    if (date !== day) {
      signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), loc.region), 's3'), 'aws4_request');
      day = date;
    }
    const scope = `${date}/${loc.region}/s3/aws4_request`;
    const params: [string, string][] = [
      ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
      ['X-Amz-Credential', `${accessKeyId}/${scope}`],
      ['X-Amz-Date', amzDate],
      ['X-Amz-Expires', String(opts.expiresIn)],
      ['X-Amz-SignedHeaders', 'host'],
      ...(sessionToken ? ([['X-Amz-Security-Token', sessionToken]] as [string, string][]) : []),
      ...(opts.contentDisposition ? ([['response-content-disposition', opts.contentDisposition]] as [string, string][]) : []),
      ...(opts.contentType ? ([['response-content-type', opts.contentType]] as [string, string][]) : []),
    ];
    const query = params
      .map(([k, v]) => [encode(k), encode(v)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const path = `${basePath}/${encode(key, true)}`;
    const canonical = ['GET', path, query, `host:${endpoint.host}\n`, 'host', 'UNSIGNED-PAYLOAD'].join('\n');
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
    return `${origin}${path}?${query}&X-Amz-Signature=${hmac(signingKey, toSign).toString('hex')}`;
  };
}
