import type { QueryClient } from '@tanstack/react-query';
import type { Info } from '@store/contract';
import { authRequest } from '../lib/auth.ts';
import { currentLanguage, isLanguage, setLanguage, type Language } from '../lib/i18n.ts';
import { isSignedIn } from '../lib/session.ts';

/** The account's side of the choice (CONTRACT §9): `null` until the account has one; the id only in /api/info/'s answer. */
interface ProfileLanguage {
  buyerid?: number;
  language: Language | null;
}

const saveAccountLanguage = (buyerid: number, language: Language) => authRequest<unknown>('PATCH', `/profile/${buyerid}/`, { body: { language } });

let adopted = false;

/**
 * At sign-in and on the first account answer of a visit: a language the account has chosen wins over
 * the device's; an account that has none takes the device's (saved once its id is known, from
 * /api/info/). Later answers do not switch the screen under the customer: a choice made in the
 * header is saved on the account at once.
 */
export async function adoptAccountLanguage(profile: ProfileLanguage, atSignIn = false) {
  if (atSignIn) adopted = false;
  if (adopted) return;
  const { language, buyerid } = profile;
  if (isLanguage(language)) {
    adopted = true;
    if (language !== currentLanguage()) await setLanguage(language);
  } else if (language === null && buyerid !== undefined) {
    adopted = true;
    await saveAccountLanguage(buyerid, currentLanguage()).catch(() => undefined);
  }
}

/** After signing out: whoever signs in next on this phone, their account decides again. */
export function forgetAccountLanguage() {
  adopted = false;
}

/** The header's switch: the screen changes at once, the device remembers it, and so does the account when signed in. */
export async function chooseLanguage(client: QueryClient, language: Language) {
  await setLanguage(language);
  if (!isSignedIn()) return;
  adopted = true;
  const info = client.getQueryData<Info>(['info']) ?? (await authRequest<Info>('GET', '/info/').catch(() => undefined));
  if (info) await saveAccountLanguage(info.user.profile.buyerid, language).catch(() => undefined);
}
