import { createECDH, createHash } from 'node:crypto';
import { keptSecret } from '../../lib/kept-secret.ts';

/** The file in DATA_DIR the VAPID key pair is made from on the first start (as the JWT secret's). */
export const VAPID_SECRET_FILE = 'vapid-secret';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The store's VAPID keys: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else a P-256 pair derived from
 * a secret kept in DATA_DIR (keptSecret: made once, shared by every process on that DATA_DIR), so
 * browsers' subscriptions outlive restarts. The private key is the secret's SHA-256 (a valid P-256
 * scalar but for odds of about 2^-32).
 */
export function vapidKeys(config: { dataDir: string; push: { vapid: VapidKeys | null } }): VapidKeys {
  if (config.push.vapid) return config.push.vapid;
  const secret = keptSecret(config.dataDir, VAPID_SECRET_FILE, 32);
  const privateKey = createHash('sha256').update(`vapid:${secret}`).digest();
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}
