import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';

/** The policy's directives by name. */
function directives(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers on every answer', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'store-dist-'));
    for (const site of ['web', 'admin']) {
      await fs.mkdir(path.join(dist, site, 'assets'), { recursive: true });
      await fs.writeFile(path.join(dist, site, 'index.html'), `<html><head><title>Store</title></head><body>${site} app</body></html>`);
      await fs.writeFile(path.join(dist, site, 'assets', 'main-abc.js'), `console.log("${site}")`);
    }
    t = await createTestApp('pglite', { webDist: path.join(dist, 'web'), adminDist: path.join(dist, 'admin') });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const pages = ['/', '/new', '/admin/', '/admin/videos/3', '/mpesa-sim/phone', '/api/docs/', '/assets/main-abc.js', '/media/posters/missing-480.webp'];
  const apiAnswers = ['/api/videoDetails/', '/api/videoDetails/?page_size=10&ordering=-date_uploaded', '/api/nothing-here', '/api/info/'];

  it.each(pages)('%s cannot be framed, sniffed or leak its address, and runs under a strict CSP', async (url) => {
    const res = await t.app.inject(url);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // No inline or remote script: an injected <script> or onclick= does not run.
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // hls.js: Media Source Extensions play from blob: addresses; its demuxer is a blob: worker.
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    // Plain http (a phone on the LAN): no forced upgrade, no HSTS.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it.each(apiAnswers)('%s (JSON, never a page) cannot be framed or sniffed, and would load nothing if opened as a page', async (url) => {
    // Twice: the second answer of a catalogue list comes from the response cache.
    for (const res of [await t.app.inject(url), await t.app.inject(url)]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      // Only what acts on documents is left out: a phone parses every header of every answer.
      expect(res.headers['referrer-policy']).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });

  it('keeps its headers on the tus upload answers, which write to the socket themselves', async () => {
    const staff = await signedInStaff(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/uploads', headers: { ...staff.auth, 'tus-resumable': '1.0.0', 'upload-length': '10' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(res.headers['content-security-policy'] as string).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('upgrades requests and sends HSTS when the store is served over https', async () => {
    const { buildApp } = await import('../app.ts');
    const app = await buildApp({ config: { ...t.config, publicUrl: 'https://videostore.co.ke' }, database: t.database });
    const res = await app.inject('/');
    expect(directives(res.headers['content-security-policy'] as string).has('upgrade-insecure-requests')).toBe(true);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect((await app.inject('/api/videoDetails/')).headers['strict-transport-security']).toMatch(/max-age=\d+/);
    await app.close();
  });
});
