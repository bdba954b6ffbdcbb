import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { africasTalkingSender } from './africas-talking.ts';

/** A text message to a Kenyan phone (254XXXXXXXXX). */
export interface Sms {
  to: string;
  text: string;
}

export interface SmsSender {
  send(sms: Sms): Promise<void>;
}

export interface SmsOptions {
  /** Africa's Talking's messaging endpoint; unset writes each message to DATA_DIR/sms-outbox. */
  url: string | undefined;
  username: string | undefined;
  apiKey: string | undefined;
  from: string | undefined;
  dataDir: string;
  log: FastifyBaseLogger;
}

/**
 * Messages to phones through Africa's Talking when SMS_URL is set. Otherwise each one is written to
 * DATA_DIR/sms-outbox as a .txt file and printed in the log, as mail is without SMTP, so a fresh
 * machine can follow a gift's claim link without an SMS account.
 */
export function createSmsSender(o: SmsOptions): SmsSender {
  if (o.url && o.username && o.apiKey) return africasTalkingSender({ url: o.url, username: o.username, apiKey: o.apiKey, from: o.from });
  const outbox = path.join(o.dataDir, 'sms-outbox');
  return {
    async send(sms) {
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${sms.to.replace(/\D/g, '')}-${Math.random().toString(36).slice(2, 8)}.txt`);
      await fs.writeFile(file, `To: +${sms.to}\n\n${sms.text}\n`);
      o.log.info({ to: sms.to, file }, `SMS written to the outbox:\n${sms.text}`);
    },
  };
}
