import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { SmsRejected } from './africas-talking.ts';
import type { Sms, SmsSender } from './sms-sender.ts';

/** An SMS is tried this many times, 10 s, 40 s, 160 s, 640 s and 43 min apart (the queue's backoff). */
export const SMS_ATTEMPTS = 6;

/**
 * An SmsSender that hands each message to the durable queue: `send` returns once the job is written
 * (in the caller's transaction when given one, so a gift and its notice commit together), a worker
 * sends it, and a failed delivery is retried with backoff. The message (a claim link) leaves the
 * table once sent.
 */
export function queuedSms(queue: JobQueue): SmsSender {
  return {
    async send(sms) {
      await queue.enqueue({ kind: 'sms', payload: { sms, sensitive: true }, maxAttempts: SMS_ATTEMPTS, priority: 100 });
    },
  };
}

/** The SMS job: one attempt through the sender; a refusal no retry can change ends it with a warning. */
export function smsJobHandler(sender: SmsSender, log: FastifyBaseLogger): JobHandler {
  return async (job) => {
    const sms = (job.payload as { sms?: Sms } | null)?.sms;
    if (!sms) throw new Error('The SMS job holds no message.');
    try {
      await sender.send(sms);
    } catch (err) {
      if (!(err instanceof SmsRejected)) throw err;
      log.warn({ jobId: job.id }, err.message);
    }
  };
}
