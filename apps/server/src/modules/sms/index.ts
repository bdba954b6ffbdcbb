/** The sms module's front door: what other modules may use (docs/architecture.md). */
export { queuedSms } from './queued-sms.ts';
export type { SmsSender } from './sms-sender.ts';
