import { randomBytes } from 'node:crypto';

/**
 * The secret path segment of an address Daraja posts to (an STK callback, a B2C ResultURL).
 * Hex on purpose: Daraja refuses a callback address that contains 'sql', 'cmd', 'exec', 'query' or
 * 'mpesa' anywhere, and 32 random base64url letters spell one of them about once in 500.
 */
export const newCallbackSecret = () => randomBytes(24).toString('hex');
