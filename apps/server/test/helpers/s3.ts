import { randomUUID } from 'node:crypto';
import type { S3Location } from '../../src/modules/media/storage/s3-store.ts';

/**
 * The S3 gateway the media-storage tests use (Ceph's radosgw in CI, started by .ci/start-ceph.sh):
 * tested when TEST_S3_URL is set, and required in CI, like PostgreSQL and Redis. Each call answers
 * a fresh prefix in the bucket, so parallel files and runs never see each other's objects.
 */
export function testS3(): S3Location | undefined {
  const url = process.env.TEST_S3_URL;
  if (!url) {
    if (process.env.CI) throw new Error('CI must test media in object storage: set TEST_S3_URL and the other TEST_S3_* variables (see .ci/run).');
    return undefined;
  }
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url);
  if (!match) throw new Error(`TEST_S3_URL is not s3://bucket[/prefix]: ${url}`);
  const base = match[2] ? `${match[2].replace(/\/$/, '')}/` : '';
  const { TEST_S3_ACCESS_KEY_ID: accessKeyId, TEST_S3_SECRET_ACCESS_KEY: secretAccessKey } = process.env;
  return {
    bucket: match[1]!,
    prefix: `${base}test-${randomUUID()}/`,
    region: process.env.TEST_S3_REGION ?? 'us-east-1',
    endpoint: process.env.TEST_S3_ENDPOINT || undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** The same location as MEDIA_STORAGE_URL and AWS_* variables, for a child process. */
export function s3Env(loc: S3Location): Record<string, string> {
  return {
    MEDIA_STORAGE_URL: `s3://${loc.bucket}/${loc.prefix.replace(/\/$/, '')}`,
    AWS_REGION: loc.region,
    ...(loc.endpoint ? { AWS_ENDPOINT_URL_S3: loc.endpoint } : {}),
    ...(loc.credentials ? { AWS_ACCESS_KEY_ID: loc.credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: loc.credentials.secretAccessKey } : {}),
  };
}
