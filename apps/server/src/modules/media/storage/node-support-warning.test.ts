import { afterEach, describe, expect, it } from 'vitest';
import { createS3Store } from './s3-store.ts';

describe('an S3 media store on a supported Node', () => {
  const warnings: string[] = [];
  const collect = (w: Error) => warnings.push(w.message);
  afterEach(() => {
    process.off('warning', collect);
  });

  it('starts without the AWS SDK warning that it is leaving this Node (decision 0031)', async () => {
    process.on('warning', collect);
    createS3Store({ bucket: 'store', prefix: '', region: 'us-east-1', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } });
    // process.emitWarning is delivered on the next tick.
    await new Promise((r) => setImmediate(r));
    expect(warnings.filter((w) => w.includes('AWS SDK'))).toEqual([]);
  });
});
