import type { Sms, SmsSender } from './sms-sender.ts';

/** Where Africa's Talking's SMS API lives (sandbox: https://api.sandbox.africastalking.com/version1/messaging). */
export const AFRICAS_TALKING_URL = 'https://api.africastalking.com/version1/messaging';

export interface AfricasTalkingOptions {
  url: string;
  username: string;
  apiKey: string;
  /** A registered sender id or short code; unset, the account's default. */
  from: string | undefined;
  fetch?: typeof fetch;
}

/** One recipient's answer, as the API reports it under SMSMessageData.Recipients. */
export interface AtRecipient {
  statusCode: number;
  number: string;
  status: string;
  cost?: string;
  messageId?: string;
}

/**
 * Recipient status codes that no retry can change (the number is wrong, not a phone, blacklisted,
 * or the sender id is refused): the message is dropped with a warning instead of retried for hours.
 * 101 Sent and 102 Queued are success; the rest (401 RiskHold, 405 InsufficientBalance, 407
 * CouldNotRoute, 5xx) may pass later, so the job fails and the queue retries it.
 */
export const PERMANENT_FAILURES = new Set([402, 403, 404, 406]);

/** A refusal not worth retrying (the job logs it and ends). */
export class SmsRejected extends Error {}

/** Kenyan numbers as the API wants them: +2547XXXXXXXX. */
export const international = (phone: string) => `+${phone.replace(/^\+/, '')}`;

/**
 * Africa's Talking's "send SMS" call: POST a form (username, to, message, from) with the app's key
 * in the `apiKey` header, JSON back. A 201 lists each recipient's status; anything but Sent/Queued
 * is an error, permanent or worth retrying (PERMANENT_FAILURES).
 */
export function africasTalkingSender(o: AfricasTalkingOptions): SmsSender {
  const doFetch = o.fetch ?? fetch;
  return {
    async send(sms: Sms) {
      const form = new URLSearchParams({ username: o.username, to: international(sms.to), message: sms.text });
      if (o.from) form.set('from', o.from);
      const res = await doFetch(o.url, {
        method: 'POST',
        headers: { apiKey: o.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`Africa's Talking answered ${res.status}: ${text.slice(0, 200)}`);
      let recipients: AtRecipient[];
      try {
        recipients = (JSON.parse(text) as { SMSMessageData?: { Recipients?: AtRecipient[] } }).SMSMessageData?.Recipients ?? [];
      } catch {
        throw new Error(`Africa's Talking answered with something not JSON: ${text.slice(0, 200)}`);
      }
      const r = recipients[0];
      if (!r) throw new Error(`Africa's Talking sent to nobody: ${text.slice(0, 200)}`);
      if (r.statusCode === 101 || r.statusCode === 102) return;
      if (PERMANENT_FAILURES.has(r.statusCode)) throw new SmsRejected(`Africa's Talking refused ${r.number}: ${r.statusCode} ${r.status}`);
      throw new Error(`Africa's Talking could not send to ${r.number} yet: ${r.statusCode} ${r.status}`);
    },
  };
}
