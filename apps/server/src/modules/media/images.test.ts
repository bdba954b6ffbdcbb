import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers/test-app.ts';
import { storeImage } from './images.ts';

const png = (colour: string) =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: colour } }).png().toBuffer();

describe('poster storage', () => {
  const dirs: string[] = [];
  const tmp = async () => {
    const d = await fs.mkdtemp(path.join(os.tmpdir(), 'store-media-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

  it('stores every width as 2:3 WebP under a key made from the picture', async () => {
    const dir = await tmp();
    const key = await storeImage(dir, 'posters', await png('#c00'));
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    for (const w of [160, 320, 480]) {
      const meta = await sharp(path.join(dir, 'posters', `${key}-${w}.webp`)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', w, w * 1.5]);
    }
    expect(await storeImage(dir, 'posters', await png('#c00'))).toBe(key);
    expect(await storeImage(dir, 'posters', await png('#00c'))).not.toBe(key);
    expect((await fs.readdir(path.join(dir, 'posters'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses bytes that are not a picture and leaves no file', async () => {
    const dir = await tmp();
    await expect(storeImage(dir, 'posters', Buffer.from('not an image'))).rejects.toThrow();
    expect(await fs.readdir(path.join(dir, 'posters')).catch(() => [])).toEqual([]);
  });

  it('serves stored posters publicly, cached for a year', async () => {
    const t = await createTestApp('pglite');
    try {
      const key = await storeImage(path.join(t.config.dataDir, 'media'), 'posters', await png('#0a0'));
      const res = await t.app.inject(`/media/posters/${key}-320.webp`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const escape of ['..%2f..%2fdb%2fPG_VERSION', '%2e%2e%2f%2e%2e%2fdb%2fPG_VERSION']) {
        const res = await t.app.inject(`/media/posters/${escape}`);
        expect([403, 404], escape).toContain(res.statusCode);
        expect(res.json(), escape).toHaveProperty('detail');
      }
    } finally {
      await t.close();
    }
  });
});
