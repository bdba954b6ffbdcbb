import { QueryClient } from '@tanstack/react-query';
import { HttpError } from 'react-admin';

/** How many times a read is tried again while the store answers 503, and how long between tries. */
export const UNAVAILABLE_RETRIES = 6;
/**
 * The server's Retry-After for a database or Redis blip (apps/server lib/outage.ts). react-admin's
 * fetchJson keeps no response headers, so the header itself does not reach here.
 */
export const UNAVAILABLE_WAIT_MS = 5_000;

const unavailable = (error: unknown) => error instanceof HttpError && error.status === 503;

/**
 * Reads (lists, records, the media panel's polling) try again on their own while the store says it
 * is briefly away (503), a few times, and once after anything else but a refusal (4xx). Writes are
 * never retried on their own: a refund or a payout is not sent twice; the notification says why.
 */
export const retryRead = (failureCount: number, error: unknown) => (unavailable(error) ? failureCount < UNAVAILABLE_RETRIES : !(error instanceof HttpError && error.status < 500) && failureCount < 1);
export const retryDelay = (failureCount: number, error: unknown) => (unavailable(error) ? UNAVAILABLE_WAIT_MS : Math.min(1000 * 2 ** failureCount, 30_000));

/**
 * The back office's answers cache (react-admin's lists and records, the media panel's polling). One
 * instance the auth provider can empty, so the next person at a shared computer starts clean.
 */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: retryRead, retryDelay }, mutations: { retry: false } } });
