import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { createJobQueue } from '../../../jobs/job-queue.ts';
import { queueMail } from '../../mail/index.ts';
import { queuedSms } from '../../sms/index.ts';

/** A claim token: 192 random bits, in the link only; the store keeps its SHA-256 (a stolen table claims nothing). */
export const newClaimToken = () => randomBytes(24).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const GIFT_CLAIM_DAYS = 30;

interface Notice {
  giver: string;
  title: string;
  message: string;
  link: string;
}
const quoted = (m: string) => (m ? ` "${m}"` : '');
const safe = (s: string) => s.replace(/[<>&"]/g, '');

/** What the recipient reads, in the giver's language (the recipient may have no account yet). */
const notices: Record<Language, { sms(n: Notice): string; mail(n: Notice): { subject: string; text: string; html: string } }> = {
  en: {
    sms: (n) => `${n.giver} sent you a gift on Video Store Kenya: ${n.title}.${quoted(n.message)} Claim it within ${GIFT_CLAIM_DAYS} days: ${n.link}`,
    mail: (n) => ({
      subject: `${n.giver} sent you a gift on Video Store Kenya`,
      text: `Hello,\n\n${n.giver} sent you a gift on Video Store Kenya: ${n.title}.\n${n.message ? `\n"${n.message}"\n` : ''}\nTo claim it, open this link within ${GIFT_CLAIM_DAYS} days and sign in or create an account (it works once):\n\n${n.link}\n\nKaribu!\n`,
      html: `<p>Hello,</p><p>${safe(n.giver)} sent you a gift on Video Store Kenya: <strong>${safe(n.title)}</strong>.</p>${n.message ? `<blockquote>${safe(n.message)}</blockquote>` : ''}<p>To claim it, open this link within ${GIFT_CLAIM_DAYS} days and sign in or create an account (it works once):</p><p><a href="${n.link}">${n.link}</a></p><p>Karibu!</p>`,
    }),
  },
  sw: {
    sms: (n) => `${n.giver} amekutumia zawadi kwenye Video Store Kenya: ${n.title}.${quoted(n.message)} Ipokee ndani ya siku ${GIFT_CLAIM_DAYS}: ${n.link}`,
    mail: (n) => ({
      subject: `${n.giver} amekutumia zawadi kwenye Video Store Kenya`,
      text: `Habari,\n\n${n.giver} amekutumia zawadi kwenye Video Store Kenya: ${n.title}.\n${n.message ? `\n"${n.message}"\n` : ''}\nIli kuipokea, fungua kiungo hiki ndani ya siku ${GIFT_CLAIM_DAYS} kisha uingie au ufungue akaunti (kinafanya kazi mara moja):\n\n${n.link}\n\nKaribu!\n`,
      html: `<p>Habari,</p><p>${safe(n.giver)} amekutumia zawadi kwenye Video Store Kenya: <strong>${safe(n.title)}</strong>.</p>${n.message ? `<blockquote>${safe(n.message)}</blockquote>` : ''}<p>Ili kuipokea, fungua kiungo hiki ndani ya siku ${GIFT_CLAIM_DAYS} kisha uingie au ufungue akaunti (kinafanya kazi mara moja):</p><p><a href="${n.link}">${n.link}</a></p><p>Karibu!</p>`,
    }),
  },
};

/** The giver's mail when nobody claimed their gift in time: the money is back on their balance. */
export const giftReturnedMails: Record<Language, (o: { username: string; title: string; amount: string; balance: string }) => { subject: string; text: string; html: string }> = {
  en: (o) => ({
    subject: 'Your gift was not claimed: the money is back on your balance',
    text: `Hello ${o.username},\n\nNobody claimed your gift (${o.title}) within ${GIFT_CLAIM_DAYS} days, so the ${o.amount} you paid is back on your Video Store Kenya balance. Your balance is now ${o.balance}.\n\nYou can send it again from the video's page.\n`,
    html: `<p>Hello ${safe(o.username)},</p><p>Nobody claimed your gift (${safe(o.title)}) within ${GIFT_CLAIM_DAYS} days, so the ${o.amount} you paid is back on your Video Store Kenya balance. Your balance is now ${o.balance}.</p><p>You can send it again from the video's page.</p>`,
  }),
  sw: (o) => ({
    subject: 'Zawadi yako haikupokelewa: pesa imerudi kwenye salio lako',
    text: `Habari ${o.username},\n\nHakuna aliyepokea zawadi yako (${o.title}) ndani ya siku ${GIFT_CLAIM_DAYS}, kwa hivyo ${o.amount} ulizolipa zimerudi kwenye salio lako la Video Store Kenya. Salio lako sasa ni ${o.balance}.\n\nUnaweza kuituma tena kutoka kwenye ukurasa wa video.\n`,
    html: `<p>Habari ${safe(o.username)},</p><p>Hakuna aliyepokea zawadi yako (${safe(o.title)}) ndani ya siku ${GIFT_CLAIM_DAYS}, kwa hivyo ${o.amount} ulizolipa zimerudi kwenye salio lako la Video Store Kenya. Salio lako sasa ni ${o.balance}.</p><p>Unaweza kuituma tena kutoka kwenye ukurasa wa video.</p>`,
  }),
};

/** The giver's word that their gift arrived: to whom (masked as in their list) and what. */
export const giftClaimedMails: Record<Language, (o: { username: string; title: string; to: string }) => { subject: string; text: string; html: string }> = {
  en: (o) => ({
    subject: 'Your gift was claimed',
    text: `Hello ${o.username},\n\nYour gift (${o.title}) to ${o.to} has been claimed: it is theirs to watch now.\n\nThank you for shopping with Video Store Kenya.\n`,
    html: `<p>Hello ${safe(o.username)},</p><p>Your gift (${safe(o.title)}) to ${safe(o.to)} has been claimed: it is theirs to watch now.</p><p>Thank you for shopping with Video Store Kenya.</p>`,
  }),
  sw: (o) => ({
    subject: 'Zawadi yako imepokelewa',
    text: `Habari ${o.username},\n\nZawadi yako (${o.title}) kwa ${o.to} imepokelewa: sasa ni yao kuitazama.\n\nAsante kwa kununua Video Store Kenya.\n`,
    html: `<p>Habari ${safe(o.username)},</p><p>Zawadi yako (${safe(o.title)}) kwa ${safe(o.to)} imepokelewa: sasa ni yao kuitazama.</p><p>Asante kwa kununua Video Store Kenya.</p>`,
  }),
};

/**
 * Queues the claim link to the recipient's phone (SMS) or e-mail, in the caller's transaction: it
 * goes only if the gift is committed, and the job retries until the provider takes it.
 */
export async function queueGiftNotice(tx: Database, o: { toPhone: string | null; toEmail: string | null; language: Language; notice: Notice }): Promise<void> {
  const words = notices[o.language];
  if (o.toPhone) await queuedSms(createJobQueue(tx)).send({ to: o.toPhone, text: words.sms(o.notice) });
  else if (o.toEmail) await queueMail(tx, { to: o.toEmail, ...words.mail(o.notice) });
}

/** The recipient as the giver sees it in their list: enough to recognise, not to harvest. */
export function maskedRecipient(g: { toPhone: string | null; toEmail: string | null }): string | null {
  if (g.toPhone) return `+${g.toPhone.slice(0, 4)} ${g.toPhone.slice(4, 5)}** *** ${g.toPhone.slice(-3)}`;
  if (g.toEmail) {
    const [name = '', domain = ''] = g.toEmail.split('@');
    return `${name.slice(0, 1)}***@${domain}`;
  }
  return null;
}
