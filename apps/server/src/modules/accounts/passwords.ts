import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id parameters: 19 MiB, 2 passes, 1 lane. */
// algorithm 2 is Argon2id (the package's enum is a const enum, which isolated modules cannot read).
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash of nothing in particular: verifying against it costs the same as a real check. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword('not-a-real-password-used-for-timing'));

let common: Set<string> | undefined;

/** Whether a password is among the ~18,000 most common ones of 8 characters or more (zxcvbn's list). */
export async function isCommonPassword(password: string): Promise<boolean> {
  if (!common) {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    common = new Set((dictionary['passwords-common'] as string[]).filter((p) => p.length >= 8));
  }
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.';
