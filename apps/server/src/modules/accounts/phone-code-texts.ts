import type { Language } from '@store/contract';
import type { CodePurpose } from './phone-code-repository.ts';

/**
 * The SMS that carries a one-time code, in the account's language. Its last line is the web's
 * one-time-code format (`@host #code`), so a phone's browser can offer the code on the store's page.
 */
const texts: Record<Language, Record<CodePurpose, (code: string) => string>> = {
  en: {
    login: (code) => `Video Store Kenya: your sign-in code is ${code}. It works for 5 minutes. Never share it: we will never ask you for it.`,
    confirm: (code) => `Video Store Kenya: your confirmation code is ${code}. It works for 5 minutes. Never share it: we will never ask you for it.`,
  },
  sw: {
    login: (code) => `Video Store Kenya: nambari yako ya kuingia ni ${code}. Inafanya kazi kwa dakika 5. Usimpe mtu yeyote: hatutakuuliza kamwe.`,
    confirm: (code) => `Video Store Kenya: nambari yako ya uthibitisho ni ${code}. Inafanya kazi kwa dakika 5. Usimpe mtu yeyote: hatutakuuliza kamwe.`,
  },
};

export function codeText(language: Language, purpose: CodePurpose, code: string, publicUrl: string): string {
  return `${texts[language][purpose](code)}\n\n@${new URL(publicUrl).hostname} #${code}`;
}
