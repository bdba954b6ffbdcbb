import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR that holds the JWT secret made on a store's first start. */
export const JWT_SECRET_FILE = 'jwt-secret';

export class KeptSecretError extends Error {}

/**
 * The secret kept in `dir/name`, made on first use: 48 random bytes (64 characters), readable by
 * this user only (0600). Every process opening the same DATA_DIR (web servers, `npm run worker`,
 * the CLIs) reads the same one. Two processes starting at once on a fresh DATA_DIR both write a
 * candidate to a file of their own and hard-link it into place: the link fails for the second, which
 * then reads the first's. Nobody ever reads a half-written secret.
 */
export function keptSecret(dir: string, name: string, minLength: number): string {
  const file = path.join(dir, name);
  const existing = readSecret(file);
  if (existing !== null) return checked(existing, file, minLength);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const candidate = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    fs.writeFileSync(candidate, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(candidate, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(candidate, { force: true });
    }
  } catch (err) {
    throw new KeptSecretError(`Could not keep a secret in ${file} (${(err as Error).message}).`);
  }
  return checked(readSecret(file) ?? '', file, minLength);
}

function readSecret(file: string): string | null {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new KeptSecretError(`Could not read ${file} (${(err as Error).message}).`);
  }
  // Only a file this user made: in a DATA_DIR others can write to, someone else's file (or a link
  // to one) would be a secret they know.
  if (!stat.isFile() || (process.getuid && stat.uid !== process.getuid())) throw new KeptSecretError(`${file} is not a file of this user's: delete it to have a new one made.`);
  try {
    // Kept readable by this user only, even if someone loosened it since.
    if ((stat.mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    throw new KeptSecretError(`Could not read ${file} (${(err as Error).message}).`);
  }
}

function checked(secret: string, file: string, minLength: number): string {
  if (secret.length < minLength) throw new KeptSecretError(`${file} holds no usable secret (fewer than ${minLength} characters): delete it to have a new one made.`);
  return secret;
}
