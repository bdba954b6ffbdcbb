import { useQueryClient } from '@tanstack/react-query';
import { chooseLanguage } from '../../api/account-language.ts';
import { currentLanguage, LANGUAGES, useT } from '../../lib/i18n.ts';

/** Each language named in itself, so whoever cannot read the current one still finds theirs. */
const NAMES = { en: 'English', sw: 'Kiswahili' } as const;

/** The header's "EN | SW": always in sight, on a phone too; the choice is kept on the device and on the account (classes in shell.css). */
export function LanguageSwitch() {
  const t = useT();
  const client = useQueryClient();
  const current = currentLanguage();
  return (
    <div role="group" aria-label={t('header.language')} className="lang-switch">
      {LANGUAGES.map((language) => (
        <button key={language} type="button" lang={language} aria-pressed={language === current} onClick={() => void chooseLanguage(client, language)}>
          {/* Named in full for screen readers; an aria-label would not contain the visible "EN" (WCAG 2.5.3). */}
          <span aria-hidden="true">{language.toUpperCase()}</span>
          <span className="visually-hidden">{NAMES[language]}</span>
        </button>
      ))}
    </div>
  );
}
