/** The mail module's front door: what other modules may use (docs/architecture.md). */
export { accountMails } from './account-mails.ts';
export { backOfficeMails } from './back-office-mails.ts';
export { customerAddress, queueMail, tellCustomerOfRefund } from './customer-mail.ts';
export { createMailer } from './mailer.ts';
export type { Mail, Mailer } from './mailer.ts';
export { mailJobHandler, queuedMailer } from './queued-mailer.ts';
