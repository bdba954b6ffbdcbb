import type { Language } from '@store/contract';
import type { Mail } from '../mail/index.ts';

type Letter = Omit<Mail, 'to'>;
interface Invite {
  djName: string;
  username: string;
  /** The one-time sign-in link (a week). */
  signIn: string;
}

const safe = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The invitation to a DJ's own login, by e-mail or SMS, in the DJ's language (issue 32 item 16). */
export const djInviteTexts: Record<Language, { mail(o: Invite): Letter; sms(o: Invite): string }> = {
  en: {
    mail: ({ djName, username, signIn }) => ({
      subject: 'Your Video Store Kenya login: sales, statements and payouts',
      text: `Hello ${djName},\n\nVideo Store Kenya has made you a login (${username}) to see your sales, monthly statements and payouts. To sign in, open this link within 7 days (it works once):\n\n${signIn}\n\nYour statements are in the back office at the store's /admin/ page. To sign in again later, choose “Forgot password” on the sign-in page and set a password.\n`,
      html: `<p>Hello ${safe(djName)},</p><p>Video Store Kenya has made you a login (${safe(username)}) to see your sales, monthly statements and payouts. To sign in, open this link within 7 days (it works once):</p><p><a href="${signIn}">${signIn}</a></p><p>Your statements are in the back office at the store's /admin/ page. To sign in again later, choose “Forgot password” on the sign-in page and set a password.</p>`,
    }),
    sms: ({ djName, signIn }) => `Video Store Kenya: ${djName}, see your sales, statements and payouts. Sign in within 7 days (the link works once): ${signIn}\nLater, choose “Sign in with your phone” and we text you a code.`,
  },
  sw: {
    mail: ({ djName, username, signIn }) => ({
      subject: 'Akaunti yako ya Video Store Kenya: mauzo, taarifa na malipo',
      text: `Habari ${djName},\n\nVideo Store Kenya imekuandalia akaunti (${username}) ya kuona mauzo yako, taarifa za kila mwezi na malipo. Ili uingie, fungua kiungo hiki ndani ya siku 7 (kinafanya kazi mara moja tu):\n\n${signIn}\n\nTaarifa zako ziko kwenye ofisi ya nyuma, ukurasa wa /admin/ wa duka. Ili uingie tena baadaye, chagua “Umesahau nenosiri” kwenye ukurasa wa kuingia na uweke nenosiri.\n`,
      html: `<p>Habari ${safe(djName)},</p><p>Video Store Kenya imekuandalia akaunti (${safe(username)}) ya kuona mauzo yako, taarifa za kila mwezi na malipo. Ili uingie, fungua kiungo hiki ndani ya siku 7 (kinafanya kazi mara moja tu):</p><p><a href="${signIn}">${signIn}</a></p><p>Taarifa zako ziko kwenye ofisi ya nyuma, ukurasa wa /admin/ wa duka. Ili uingie tena baadaye, chagua “Umesahau nenosiri” kwenye ukurasa wa kuingia na uweke nenosiri.</p>`,
    }),
    sms: ({ djName, signIn }) => `Video Store Kenya: ${djName}, ona mauzo, taarifa na malipo yako. Ingia ndani ya siku 7 (kiungo kinafanya kazi mara moja tu): ${signIn}\nBaadaye, chagua “Ingia kwa simu yako” nasi tutakutumia nambari kwa SMS.`,
  },
};
