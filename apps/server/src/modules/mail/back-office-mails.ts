import { formatDate, formatKsh, type Language } from '@store/contract';
import type { Mail } from './mailer.ts';

type Letter = Omit<Mail, 'to'>;

/** Staff and customers write what they like: shown as text in the HTML part, line breaks kept. */
const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, '<br>');
const quoted = (s: string) => s.split('\n').map((line) => `> ${line}`).join('\n');

interface ReplyLetter {
  name: string;
  reply: string;
  /** The customer's message, quoted under the reply so they know what it answers. */
  original: string;
  sentAt: Date;
}
interface RefundLetter {
  username: string;
  video: string;
  price: number;
  balance: number;
  reason: string;
  /** The customer's account page, where the activity list shows the refund. */
  account: string;
}

/** The mails the back office sends a customer, in both languages (CONTRACT §9): a reply to a contact message, and a refund. */
export const backOfficeMails: Record<Language, { reply(o: ReplyLetter): Letter; refund(o: RefundLetter): Letter }> = {
  en: {
    reply: ({ name, reply, original, sentAt }) => ({
      subject: 'Re: your message to Video Store Kenya',
      text: `Hello ${name},\n\n${reply}\n\nVideo Store Kenya\n\nYou wrote on ${formatDate(sentAt)}:\n${quoted(original)}\n`,
      html: `<p>Hello ${html(name)},</p><p>${html(reply)}</p><p>Video Store Kenya</p><p>You wrote on ${formatDate(sentAt)}:</p><blockquote>${html(original)}</blockquote>`,
    }),
    refund: ({ username, video, price, balance, reason, account }) => ({
      subject: `Your refund for ${video}`,
      text: `Hello ${username},\n\nWe refunded your purchase of ${video}: ${formatKsh(price)} is back on your Video Store Kenya balance, which is now ${formatKsh(balance)}. The video no longer plays on your account.\n\nReason: ${reason}\n\nYour account's activity shows every change to your balance: ${account}\n`,
      html: `<p>Hello ${html(username)},</p><p>We refunded your purchase of ${html(video)}: ${formatKsh(price)} is back on your Video Store Kenya balance, which is now ${formatKsh(balance)}. The video no longer plays on your account.</p><p>Reason: ${html(reason)}</p><p><a href="${account}">Your account's activity</a> shows every change to your balance.</p>`,
    }),
  },
  sw: {
    reply: ({ name, reply, original, sentAt }) => ({
      subject: 'Jibu: ujumbe wako kwa Video Store Kenya',
      text: `Habari ${name},\n\n${reply}\n\nVideo Store Kenya\n\nUliandika tarehe ${formatDate(sentAt)}:\n${quoted(original)}\n`,
      html: `<p>Habari ${html(name)},</p><p>${html(reply)}</p><p>Video Store Kenya</p><p>Uliandika tarehe ${formatDate(sentAt)}:</p><blockquote>${html(original)}</blockquote>`,
    }),
    refund: ({ username, video, price, balance, reason, account }) => ({
      subject: `Umerudishiwa pesa za ${video}`,
      text: `Habari ${username},\n\nTumekurudishia pesa za ununuzi wako wa ${video}: ${formatKsh(price)} zimerudi kwenye salio lako la Video Store Kenya, ambalo sasa ni ${formatKsh(balance)}. Video hii haitacheza tena kwenye akaunti yako.\n\nSababu: ${reason}\n\nShughuli za akaunti yako zinaonyesha kila badiliko la salio lako: ${account}\n`,
      html: `<p>Habari ${html(username)},</p><p>Tumekurudishia pesa za ununuzi wako wa ${html(video)}: ${formatKsh(price)} zimerudi kwenye salio lako la Video Store Kenya, ambalo sasa ni ${formatKsh(balance)}. Video hii haitacheza tena kwenye akaunti yako.</p><p>Sababu: ${html(reason)}</p><p><a href="${account}">Shughuli za akaunti yako</a> zinaonyesha kila badiliko la salio lako.</p>`,
    }),
  },
};
