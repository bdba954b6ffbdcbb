import { ApiError } from './api-client.ts';

/** How many times a read is tried again while the store answers 503 (about half a minute at Retry-After 5). */
export const UNAVAILABLE_RETRIES = 6;
/** The longest wait between two tries, whatever Retry-After says. */
const MAX_WAIT_MS = 30_000;

/** A 503: the store is briefly away (its database, Redis, the bucket) and said when to try again. */
export const isUnavailable = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 503;

/**
 * Whether a read tries again: a 503 a few times (the server says it is a blip), any other failure
 * once, as before, and never a refusal (4xx): asking again gets the same answer. Only queries use
 * this; mutations (a payment, a purchase) are never retried on their own: the customer sees the
 * message and presses Try again.
 */
export function retryRead(failureCount: number, error: unknown): boolean {
  if (isUnavailable(error)) return failureCount < UNAVAILABLE_RETRIES;
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

/** The wait before the next try: the server's Retry-After on a 503, else TanStack's own backoff. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (isUnavailable(error) && error.retryAfter) return Math.min(error.retryAfter * 1000, MAX_WAIT_MS);
  return Math.min(1000 * 2 ** failureCount, MAX_WAIT_MS);
}
