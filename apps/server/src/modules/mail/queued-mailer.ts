import type { JobQueue } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import type { Mail, Mailer } from './mailer.ts';

/** A mail is tried this many times, 10 s, 40 s, 160 s, 640 s and 43 min apart (the queue's backoff). */
export const MAIL_ATTEMPTS = 6;

/**
 * A Mailer that hands each message to the durable queue instead of sending it: `send` returns once
 * the job is written, a worker sends it through the real transport, and a failed delivery (the SMTP
 * server down) is retried with backoff instead of lost. The message leaves the table once sent.
 */
export function queuedMailer(queue: JobQueue): Mailer {
  return {
    async send(mail) {
      await queue.enqueue({ kind: 'mail', payload: { mail, sensitive: true }, maxAttempts: MAIL_ATTEMPTS, priority: 100 });
    },
  };
}

/** The mail job: one delivery attempt through the transport (SMTP or the outbox folder). */
export function mailJobHandler(transport: Mailer): JobHandler {
  return async (job) => {
    const mail = (job.payload as { mail?: Mail } | null)?.mail;
    if (!mail) throw new Error('The mail job holds no message.');
    await transport.send(mail);
  };
}
