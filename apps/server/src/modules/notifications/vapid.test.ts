import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { VAPID_SECRET_FILE, vapidKeys } from './vapid.ts';

describe('the VAPID keys', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('are made on first use and kept in DATA_DIR, readable by this user only, the same for every process', () => {
    const dir = dataDir();
    const first = vapidKeys({ dataDir: dir, push: { vapid: null } });
    expect((fs.statSync(path.join(dir, VAPID_SECRET_FILE)).mode & 0o777).toString(8)).toBe('600');
    expect(vapidKeys({ dataDir: dir, push: { vapid: null } })).toEqual(first);
    expect(vapidKeys({ dataDir: dataDir(), push: { vapid: null } }).publicKey).not.toBe(first.publicKey);
    // A pair web-push accepts: a 65-byte uncompressed P-256 point and a 32-byte key.
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(() => webpush.getVapidHeaders('https://fcm.googleapis.com', 'mailto:a@b.co', first.publicKey, first.privateKey, 'aes128gcm')).not.toThrow();
  });

  it('are VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, and then no file is written', () => {
    const dir = dataDir();
    const given = webpush.generateVAPIDKeys();
    expect(vapidKeys({ dataDir: dir, push: { vapid: given } })).toEqual(given);
    expect(fs.existsSync(path.join(dir, VAPID_SECRET_FILE))).toBe(false);
  });
});
