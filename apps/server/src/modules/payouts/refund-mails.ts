import { formatKsh, type Language } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { createJobQueue } from '../../jobs/job-queue.ts';
import { customerAddress, queueMail } from '../mail/index.ts';
import type { Mail } from '../mail/index.ts';
import { queuedSms } from '../sms/index.ts';

type Letter = Omit<Mail, 'to'>;
interface MpesaRefundLetter {
  username: string;
  amount: number;
  phone: string;
  receipt: string | null;
}
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** How a refund sent to M-Pesa ended, in the customer's language (CONTRACT §9 and §12). */
const letters: Record<Language, { sent(o: MpesaRefundLetter): Letter; failed(o: MpesaRefundLetter): Letter }> = {
  en: {
    sent: ({ username, amount, phone, receipt }) => {
      const text = `Hello ${username},\n\nYour refund of ${formatKsh(amount)} was sent to your M-Pesa ${phone}. M-Pesa receipt: ${receipt ?? '-'}.\n\nVideo Store Kenya\n`;
      return { subject: `Your refund of ${formatKsh(amount)} is on your M-Pesa`, text, html: `<p>${esc(text).replace(/\n\n/g, '</p><p>').replace(/\n/g, '')}</p>` };
    },
    failed: ({ username, amount, phone }) => {
      const text = `Hello ${username},\n\nM-Pesa could not take your refund of ${formatKsh(amount)} to ${phone}, so it is on your Video Store Kenya balance instead: spend it on videos, or ask us to try M-Pesa again.\n\nVideo Store Kenya\n`;
      return { subject: `Your refund of ${formatKsh(amount)} is on your balance`, text, html: `<p>${esc(text).replace(/\n\n/g, '</p><p>').replace(/\n/g, '')}</p>` };
    },
  },
  sw: {
    sent: ({ username, amount, phone, receipt }) => {
      const text = `Habari ${username},\n\nPesa zako ${formatKsh(amount)} zimerudishwa kwenye M-Pesa yako ${phone}. Risiti ya M-Pesa: ${receipt ?? '-'}.\n\nVideo Store Kenya\n`;
      return { subject: `${formatKsh(amount)} zimerudishwa kwenye M-Pesa yako`, text, html: `<p>${esc(text).replace(/\n\n/g, '</p><p>').replace(/\n/g, '')}</p>` };
    },
    failed: ({ username, amount, phone }) => {
      const text = `Habari ${username},\n\nM-Pesa haikuweza kupokea ${formatKsh(amount)} kwenda ${phone}, kwa hivyo pesa hizo ziko kwenye salio lako la Video Store Kenya: nunua video nazo, au utuombe tujaribu M-Pesa tena.\n\nVideo Store Kenya\n`;
      return { subject: `${formatKsh(amount)} ziko kwenye salio lako`, text, html: `<p>${esc(text).replace(/\n\n/g, '</p><p>').replace(/\n/g, '')}</p>` };
    },
  },
};

/** The same news in one SMS to the phone the refund went to. */
const texts: Record<Language, { sent(o: MpesaRefundLetter): string; failed(o: MpesaRefundLetter): string }> = {
  en: {
    sent: ({ amount, receipt }) => `Video Store Kenya: your refund of ${formatKsh(amount)} was sent to this M-Pesa number. Receipt ${receipt ?? '-'}.`,
    failed: ({ amount }) => `Video Store Kenya: M-Pesa could not take your refund of ${formatKsh(amount)}; it is on your store balance instead.`,
  },
  sw: {
    sent: ({ amount, receipt }) => `Video Store Kenya: ${formatKsh(amount)} ulizorudishiwa zimetumwa kwa nambari hii ya M-Pesa. Risiti ${receipt ?? '-'}.`,
    failed: ({ amount }) => `Video Store Kenya: M-Pesa haikupokea ${formatKsh(amount)} ulizorudishiwa; ziko kwenye salio lako dukani.`,
  },
};

/** Queued (mail and SMS) in the transaction that settles the refund's payout: the customer hears how it ended, once. */
export async function tellCustomerOfMpesaRefund(tx: Database, r: { userId: number; amount: number; phone: string; receipt: string | null; state: 'completed' | 'failed' }): Promise<void> {
  const customer = await customerAddress(tx, r.userId);
  if (!customer) return;
  const language = customer.language ?? 'en';
  const how = r.state === 'completed' ? 'sent' : 'failed';
  const o = { username: customer.username, amount: r.amount, phone: r.phone, receipt: r.receipt };
  await queueMail(tx, { to: customer.email, ...letters[language][how](o) });
  await queuedSms(createJobQueue(tx)).send({ to: r.phone, text: texts[language][how](o) });
}
