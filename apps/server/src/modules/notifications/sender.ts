import http from 'node:http';
import https from 'node:https';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { Language, NotificationKind, PushPayload } from '@store/contract';
import type { Database } from '../../db/client.ts';
import type { Job } from '../../jobs/job-queue.ts';
import type { JobOutcome } from '../../jobs/runner.ts';
import type { SmsSender } from '../sms/index.ts';
import type { SendPayload } from './fan-out.ts';
import { allowedEndpoint } from './push-hosts.ts';
import type { VapidKeys } from './vapid.ts';
import { type Params, wordsOf } from './words.ts';

/** A push waits at its service this long for a phone that is off (seconds). */
const PUSH_TTL_SECONDS = 24 * 3600;
const PUSH_TIMEOUT_MS = 10_000;

export interface SenderDeps {
  db: Database;
  sms: SmsSender;
  vapid: () => VapidKeys;
  serviceHosts: readonly string[];
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** One push or SMS of a job, with what it is sent from and its delivery row if it was tried before. */
interface SendRow {
  notification_id: number;
  channel: 'push' | 'sms';
  subscription_id: number | null;
  /** Its delivery: absent when never tried, 'queued' while waiting for a retry. */
  delivery_id: number | null;
  state: string | null;
  kind: NotificationKind;
  params: Params;
  url: string;
  language: string | null;
  phone_number: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

/** A push service's refusal: 404 and 410 say the subscription is gone for good. */
class PushRefused extends Error {
  constructor(readonly status: number) {
    super(`The push service answered ${status}.`);
  }
}

type Send = { notification_id: number; channel: 'push' | 'sms'; subscription_id: number | null };
/** What a job sends (SendPayload): its pushes, then its SMS. */
const sendsOf = (job: Job): Send[] => {
  const p = (job.payload ?? {}) as SendPayload;
  return [
    ...(p.pushes ?? []).map(([n, s]) => ({ notification_id: Number(n), channel: 'push' as const, subscription_id: Number(s) })),
    ...(p.sms ?? []).map((n) => ({ notification_id: Number(n), channel: 'sms' as const, subscription_id: null })),
  ];
};
const keyOf = (x: Send) => `${x.notification_id}:${x.channel}:${x.subscription_id ?? ''}`;

/** What became of one push or SMS: a failure is given to the queue (its job retried, or failed after its last attempt). */
type Outcome =
  | { state: 'sent' }
  | { state: 'removed'; error: string; subscription?: number | null }
  | { state: 'failed'; error: string; failure?: unknown }
  | { state: 'retry'; error: string; failure: unknown };

/**
 * The 'notify-send' jobs: each up to DELIVERIES_PER_JOB pushes (to one subscription each) or SMS of
 * notifications, in the customer's language of the moment. Each one tried gets a delivery row saying
 * what became of it; a failure is retried with the queue's backoff (its row 'queued' meanwhile, and a
 * run again sends only what is not out yet) and counted as failed after the last attempt; a 404 or
 * 410 removes the subscription (counted as removed). `sendMany` takes a claimed batch of jobs: what
 * they send read in one statement, sent side by side, and what became of it written in one (a read
 * and an update per push were most of a push's cost to a busy store).
 */
export function createSender(deps: SenderDeps) {
  const { db } = deps;

  const read = async (sends: Send[]): Promise<Map<string, SendRow>> => {
    if (!sends.length) return new Map();
    const result = (await db.execute(sql`
      SELECT w.notification_id, w.channel, w.subscription_id, d.id AS delivery_id, d.state, n.kind, n.params, n.url,
             p.language, p.phone_number, s.endpoint, s.p256dh, s.auth
        FROM jsonb_to_recordset(${JSON.stringify(sends)}::jsonb) AS w(notification_id integer, channel text, subscription_id integer)
        JOIN customer_notifications n ON n.id = w.notification_id
        LEFT JOIN profiles p ON p.user_id = n.user_id
        -- A browser another account has signed in to since (its subscription moved) is not this customer's any more.
        LEFT JOIN push_subscriptions s ON s.id = w.subscription_id AND s.user_id = n.user_id
        LEFT JOIN LATERAL (
          SELECT d.id, d.state FROM notification_deliveries d
           WHERE d.notification_id = w.notification_id AND d.channel = w.channel AND d.subscription_id IS NOT DISTINCT FROM w.subscription_id
           ORDER BY d.id DESC LIMIT 1) d ON true`)) as unknown as { rows: SendRow[] };
    return new Map(result.rows.map((row) => [keyOf(row), row]));
  };

  const deliver = async (d: SendRow, lastAttempt: boolean): Promise<Outcome> => {
    const language: Language = d.language === 'sw' ? 'sw' : 'en';
    const { title, body } = wordsOf(d.kind, d.params, language);
    try {
      if (d.channel === 'sms') {
        if (!d.phone_number) return { state: 'failed', error: 'No phone number.' };
        await deps.sms.send({ to: d.phone_number, text: `${title}: ${body} ${deps.publicUrl}${d.url}` });
      } else {
        // The subscription went (unsubscribed, removed after a 410, or moved to another account) before its turn.
        if (!d.endpoint || !d.p256dh || !d.auth) return { state: 'removed', error: 'The subscription is gone.' };
        const payload: PushPayload = { id: Number(d.notification_id), kind: d.kind, title, body, url: d.url, tag: `${d.kind}:${d.notification_id}` };
        await push(deps, { endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } }, JSON.stringify(payload));
      }
      return { state: 'sent' };
    } catch (err) {
      if (err instanceof PushRefused && (err.status === 404 || err.status === 410)) return { state: 'removed', error: err.message, subscription: d.subscription_id };
      // The last attempt's failure is counted now; the queue still hears of it and fails the job.
      return lastAttempt ? { state: 'failed', error: (err as Error).message, failure: err } : { state: 'retry', error: (err as Error).message, failure: err };
    }
  };

  /**
   * What became of each push and SMS tried, in one statement: a delivery row written for the first
   * try, updated for a retry (one waiting for its retry stays 'queued'); and the subscriptions a push
   * service said are gone, in one more.
   */
  const record = async (written: { row: SendRow; outcome: Outcome }[]) => {
    const rows = written.map(({ row, outcome }) => ({
      id: row.delivery_id === null ? null : Number(row.delivery_id),
      notification_id: Number(row.notification_id),
      channel: row.channel,
      subscription_id: row.subscription_id === null ? null : Number(row.subscription_id),
      state: outcome.state === 'retry' ? 'queued' : outcome.state,
      error: 'error' in outcome ? outcome.error : null,
    }));
    const gone = written.flatMap(({ outcome }) => ('subscription' in outcome && outcome.subscription ? [Number(outcome.subscription)] : []));
    if (gone.length) await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ANY(${`{${gone.join(',')}}`}::int[])`);
    if (!rows.length) return;
    await db.execute(sql`
      WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id integer, notification_id integer, channel text, subscription_id integer, state text, error text)),
      tried_again AS (
        UPDATE notification_deliveries d SET state = v.state, error = v.error, updated_at = now() FROM v WHERE v.id IS NOT NULL AND d.id = v.id RETURNING d.id)
      INSERT INTO notification_deliveries (notification_id, channel, subscription_id, state, error)
        SELECT v.notification_id, v.channel, v.subscription_id, v.state, v.error FROM v WHERE v.id IS NULL`);
  };

  const sendMany = async (jobs: readonly Job[]): Promise<JobOutcome[]> => {
    const sends = jobs.map(sendsOf);
    const rows = await read(sends.flat());
    const outcomes = await Promise.all(
      jobs.map((job, i) =>
        Promise.all(
          sends[i]!.flatMap((x) => {
            const row = rows.get(keyOf(x));
            // Its notification gone, or already out (a job run again after a retry or a lease that ran out): nothing to do.
            if (!row || (row.state !== null && row.state !== 'queued')) return [];
            return [deliver(row, job.attempts >= job.maxAttempts).then((outcome) => ({ row, outcome }))];
          }),
        ),
      ),
    );
    await record(outcomes.flat());
    return outcomes.map((done): JobOutcome => {
      const failures = done.flatMap(({ outcome }) => ('failure' in outcome ? [outcome.failure] : []));
      if (!failures.length) return { ok: true };
      return { ok: false, failure: failures.length === 1 ? failures[0] : new Error(`${failures.length} of ${done.length} failed; the first: ${(failures[0] as Error).message}`) };
    });
  };

  return {
    sendMany,
    /** One job: the batch of one. */
    async send(job: Job): Promise<void> {
      const [outcome] = await sendMany([job]);
      if (outcome && !outcome.ok) throw outcome.failure;
    },
  };
}

/** A VAPID token is signed once per push service and hour (it may live 24 h), not once per push: ES256 signing was most of a push's CPU. */
const VAPID_TOKEN_MS = 3600_000;
const vapidCache = new Map<string, { headers: Record<string, string>; until: number; key: string }>();
function vapidHeaders(deps: SenderDeps, audience: string): Record<string, string> {
  const keys = deps.vapid();
  const now = Date.now();
  const cached = vapidCache.get(audience);
  if (cached && cached.until > now && cached.key === keys.publicKey) return cached.headers;
  const subject = deps.publicUrl.startsWith('https:') ? deps.publicUrl : 'mailto:no-reply@videostore.co.ke';
  // Valid for 12 h from now; reused for an hour, so every token sent has at least 11 h left.
  const expires = Math.floor(now / 1000) + 12 * 3600;
  const headers = webpush.getVapidHeaders(audience, subject, keys.publicKey, keys.privateKey, 'aes128gcm', expires) as unknown as Record<string, string>;
  if (vapidCache.size > 100) vapidCache.clear();
  vapidCache.set(audience, { headers, until: now + VAPID_TOKEN_MS, key: keys.publicKey });
  return headers;
}

/**
 * Posts one encrypted push (RFC 8291 aes128gcm, VAPID) with web-push's request details over
 * node:http(s), which reaches a loopback test service over http, follows no redirect (a redirect
 * could point into our own network), and gives up after 10 s without an answer. The endpoint is
 * checked again at send time. Not fetch: its streams, signals and errors made a push cost twice the
 * CPU of the request itself, taken from customers being served (bench/notifications).
 */
async function push(deps: SenderDeps, subscription: webpush.PushSubscription, payload: string): Promise<void> {
  const url = allowedEndpoint(subscription.endpoint, deps.serviceHosts);
  if (!url) throw new PushRefused(410);
  const details = webpush.generateRequestDetails(subscription, payload, {
    headers: vapidHeaders(deps, url.origin),
    TTL: PUSH_TTL_SECONDS,
    contentEncoding: 'aes128gcm',
  });
  const status = await post(url, details.headers as Record<string, string | number>, details.body as Buffer);
  if (status < 200 || status >= 300) throw new PushRefused(status);
}

/** One POST; answers the status once the (empty) answer is read, so the connection is kept for the next push. */
function post(url: URL, headers: Record<string, string | number>, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, { method: 'POST', headers, timeout: PUSH_TIMEOUT_MS }, (res) => {
      res.on('error', reject);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.resume();
    });
    request.on('timeout', () => request.destroy(new Error(`The push service did not answer within ${PUSH_TIMEOUT_MS / 1000} s.`)));
    request.on('error', reject);
    request.end(body);
  });
}
