import type { Language } from '@store/contract';
import type { Mail } from './mailer.ts';

type Letter = Omit<Mail, 'to'>;
const safe = (s: string) => s.replace(/[<>&]/g, '');

/**
 * The account e-mails in both languages (CONTRACT §9), subject and body. The English is the store's
 * wording as it always was; an account gets its own language (profile.language), else the language
 * of the request that caused the mail.
 */
interface AccountLetters {
  reset(o: { username: string; link: string }): Letter;
  /** A new account from the checkout: `signIn` carries the purchase on (an hour, once), `link` chooses a password (a week). */
  welcome(o: { username: string; signIn: string; link: string }): Letter;
  /** To an account's address given at checkout: a one-time link to sign in and carry the purchase on. */
  signInToCarryOn(o: { username: string; signIn: string }): Letter;
  /** A staff account gets no sign-in link (a link skips the password): it is told to log in with it. */
  staffSignInWithPassword(o: { username: string; login: string }): Letter;
  accountExists(o: { login: string }): Letter;
  /** To the address an account had: it now has `to` (masked), and what to do if that was not the owner. */
  emailChanged(o: { username: string; to: string; contact: string }): Letter;
}

export const accountMails: Record<Language, AccountLetters> = {
  en: {
    reset: ({ username, link }) => ({
      subject: 'Reset your Video Store Kenya password',
      text: `Hello ${username},\n\nSomeone asked to reset the password of your Video Store Kenya account. To choose a new password, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
      html: `<p>Hello ${safe(username)},</p><p>Someone asked to reset the password of your Video Store Kenya account. To choose a new password, open this link within an hour:</p><p><a href="${link}">${link}</a></p><p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
    }),
    welcome: ({ username, signIn, link }) => ({
      subject: 'Welcome to Video Store Kenya: carry on with your purchase',
      text: `Hello ${username},\n\nYour Video Store Kenya account is ready. To sign in and carry on with your purchase, open this link within an hour (it works once):\n\n${signIn}\n\nTo sign in on another phone or computer later, choose a password within a week:\n\n${link}\n\nKaribu!\n`,
      html: `<p>Hello ${safe(username)},</p><p>Your Video Store Kenya account is ready. To sign in and carry on with your purchase, open this link within an hour (it works once):</p><p><a href="${signIn}">${signIn}</a></p><p>To sign in on another phone or computer later, choose a password within a week:</p><p><a href="${link}">${link}</a></p><p>Karibu!</p>`,
    }),
    signInToCarryOn: ({ username, signIn }) => ({
      subject: 'Sign in to Video Store Kenya to carry on with your purchase',
      text: `Hello ${username},\n\nThis e-mail address was given at checkout on Video Store Kenya, and it already has your account. To sign in and carry on with your purchase, open this link within an hour (it works once):\n\n${signIn}\n\nIf it was not you, ignore this e-mail: nobody has signed in and nothing has changed.\n`,
      html: `<p>Hello ${safe(username)},</p><p>This e-mail address was given at checkout on Video Store Kenya, and it already has your account. To sign in and carry on with your purchase, open this link within an hour (it works once):</p><p><a href="${signIn}">${signIn}</a></p><p>If it was not you, ignore this e-mail: nobody has signed in and nothing has changed.</p>`,
    }),
    staffSignInWithPassword: ({ username, login }) => ({
      subject: 'Sign in to Video Store Kenya with your password',
      text: `Hello ${username},\n\nThis e-mail address was given at checkout on Video Store Kenya, and it belongs to a staff account. A staff account signs in only with its password: to carry on, log in at ${login}\n\nIf it was not you, ignore this e-mail: nobody has signed in and nothing has changed.\n`,
      html: `<p>Hello ${safe(username)},</p><p>This e-mail address was given at checkout on Video Store Kenya, and it belongs to a staff account. A staff account signs in only with its password: to carry on, <a href="${login}">log in</a>.</p><p>If it was not you, ignore this e-mail: nobody has signed in and nothing has changed.</p>`,
    }),
    accountExists: ({ login }) => ({
      subject: 'You already have a Video Store Kenya account',
      text: `Hello,\n\nSomeone tried to create a Video Store Kenya account with this e-mail address, which already has one. No new account was made.\n\nIf it was you, log in at ${login} or choose "Forgot password" there to set a new password.\n\nIf it was not you, you need not do anything.\n`,
      html: `<p>Hello,</p><p>Someone tried to create a Video Store Kenya account with this e-mail address, which already has one. No new account was made.</p><p>If it was you, <a href="${login}">log in</a> or choose "Forgot password" there to set a new password.</p><p>If it was not you, you need not do anything.</p>`,
    }),

    emailChanged: ({ username, to, contact }) => ({
      subject: 'The e-mail address of your Video Store Kenya account was changed',
      text: `Hello ${username},\n\nThe e-mail address of your Video Store Kenya account was changed from this one to ${to}. Mail about the account, and password resets, now go there.\n\nIf it was you, you need not do anything.\n\nIf it was not you, someone may be signed in as you: tell us at once at ${contact} and we will give the account back to you.\n`,
      html: `<p>Hello ${safe(username)},</p><p>The e-mail address of your Video Store Kenya account was changed from this one to ${safe(to)}. Mail about the account, and password resets, now go there.</p><p>If it was you, you need not do anything.</p><p>If it was not you, someone may be signed in as you: <a href="${contact}">tell us at once</a> and we will give the account back to you.</p>`,
    }),
  },
  sw: {
    reset: ({ username, link }) => ({
      subject: 'Badilisha nenosiri lako la Video Store Kenya',
      text: `Habari ${username},\n\nMtu ameomba kubadilisha nenosiri la akaunti yako ya Video Store Kenya. Kuchagua nenosiri jipya, fungua kiungo hiki ndani ya saa moja:\n\n${link}\n\nKama si wewe, puuza barua pepe hii: nenosiri lako litabaki lilivyo.\n`,
      html: `<p>Habari ${safe(username)},</p><p>Mtu ameomba kubadilisha nenosiri la akaunti yako ya Video Store Kenya. Kuchagua nenosiri jipya, fungua kiungo hiki ndani ya saa moja:</p><p><a href="${link}">${link}</a></p><p>Kama si wewe, puuza barua pepe hii: nenosiri lako litabaki lilivyo.</p>`,
    }),
    welcome: ({ username, signIn, link }) => ({
      subject: 'Karibu Video Store Kenya: endelea na ununuzi wako',
      text: `Habari ${username},\n\nAkaunti yako ya Video Store Kenya iko tayari. Ili uingie na kuendelea na ununuzi wako, fungua kiungo hiki ndani ya saa moja (kinafanya kazi mara moja tu):\n\n${signIn}\n\nIli uingie kwenye simu au kompyuta nyingine baadaye, chagua nenosiri ndani ya wiki moja:\n\n${link}\n\nKaribu!\n`,
      html: `<p>Habari ${safe(username)},</p><p>Akaunti yako ya Video Store Kenya iko tayari. Ili uingie na kuendelea na ununuzi wako, fungua kiungo hiki ndani ya saa moja (kinafanya kazi mara moja tu):</p><p><a href="${signIn}">${signIn}</a></p><p>Ili uingie kwenye simu au kompyuta nyingine baadaye, chagua nenosiri ndani ya wiki moja:</p><p><a href="${link}">${link}</a></p><p>Karibu!</p>`,
    }),
    signInToCarryOn: ({ username, signIn }) => ({
      subject: 'Ingia Video Store Kenya ili uendelee na ununuzi wako',
      text: `Habari ${username},\n\nBarua pepe hii ilitolewa wakati wa kulipa kwenye Video Store Kenya, na tayari ina akaunti yako. Ili uingie na kuendelea na ununuzi wako, fungua kiungo hiki ndani ya saa moja (kinafanya kazi mara moja tu):\n\n${signIn}\n\nKama si wewe, puuza barua pepe hii: hakuna aliyeingia na hakuna kilichobadilika.\n`,
      html: `<p>Habari ${safe(username)},</p><p>Barua pepe hii ilitolewa wakati wa kulipa kwenye Video Store Kenya, na tayari ina akaunti yako. Ili uingie na kuendelea na ununuzi wako, fungua kiungo hiki ndani ya saa moja (kinafanya kazi mara moja tu):</p><p><a href="${signIn}">${signIn}</a></p><p>Kama si wewe, puuza barua pepe hii: hakuna aliyeingia na hakuna kilichobadilika.</p>`,
    }),
    staffSignInWithPassword: ({ username, login }) => ({
      subject: 'Ingia Video Store Kenya kwa nenosiri lako',
      text: `Habari ${username},\n\nBarua pepe hii ilitolewa wakati wa kulipa kwenye Video Store Kenya, na ni ya akaunti ya wafanyakazi. Akaunti ya wafanyakazi huingia kwa nenosiri lake tu: ili uendelee, ingia kwenye ${login}\n\nKama si wewe, puuza barua pepe hii: hakuna aliyeingia na hakuna kilichobadilika.\n`,
      html: `<p>Habari ${safe(username)},</p><p>Barua pepe hii ilitolewa wakati wa kulipa kwenye Video Store Kenya, na ni ya akaunti ya wafanyakazi. Akaunti ya wafanyakazi huingia kwa nenosiri lake tu: ili uendelee, <a href="${login}">ingia</a>.</p><p>Kama si wewe, puuza barua pepe hii: hakuna aliyeingia na hakuna kilichobadilika.</p>`,
    }),
    accountExists: ({ login }) => ({
      subject: 'Tayari una akaunti ya Video Store Kenya',
      text: `Habari,\n\nMtu alijaribu kufungua akaunti ya Video Store Kenya kwa barua pepe hii, ambayo tayari ina akaunti. Hakuna akaunti mpya iliyofunguliwa.\n\nKama ni wewe, ingia kwenye ${login} au uchague "Umesahau nenosiri?" hapo ili uweke nenosiri jipya.\n\nKama si wewe, huhitaji kufanya lolote.\n`,
      html: `<p>Habari,</p><p>Mtu alijaribu kufungua akaunti ya Video Store Kenya kwa barua pepe hii, ambayo tayari ina akaunti. Hakuna akaunti mpya iliyofunguliwa.</p><p>Kama ni wewe, <a href="${login}">ingia</a> au uchague "Umesahau nenosiri?" hapo ili uweke nenosiri jipya.</p><p>Kama si wewe, huhitaji kufanya lolote.</p>`,
    }),

    emailChanged: ({ username, to, contact }) => ({
      subject: 'Barua pepe ya akaunti yako ya Video Store Kenya imebadilishwa',
      text: `Habari ${username},\n\nBarua pepe ya akaunti yako ya Video Store Kenya imebadilishwa kutoka hii kuwa ${to}. Barua kuhusu akaunti, na za kubadilisha nenosiri, sasa zitaenda huko.\n\nKama ni wewe, huhitaji kufanya lolote.\n\nKama si wewe, huenda mtu ameingia kama wewe: tuambie mara moja kwenye ${contact} nasi tutakurudishia akaunti.\n`,
      html: `<p>Habari ${safe(username)},</p><p>Barua pepe ya akaunti yako ya Video Store Kenya imebadilishwa kutoka hii kuwa ${safe(to)}. Barua kuhusu akaunti, na za kubadilisha nenosiri, sasa zitaenda huko.</p><p>Kama ni wewe, huhitaji kufanya lolote.</p><p>Kama si wewe, huenda mtu ameingia kama wewe: <a href="${contact}">tuambie mara moja</a> nasi tutakurudishia akaunti.</p>`,
    }),
  },
};
