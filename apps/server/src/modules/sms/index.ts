/** The sms module's front door: what other modules may use (docs/architecture.md). */
export { queuedSms, smsJobHandler } from './queued-sms.ts';
export { createSmsSender } from './sms-sender.ts';
export type { SmsSender } from './sms-sender.ts';
