import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { chooseLanguage } from '../../api/account-language.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { currentLanguage, LANGUAGES, useT } from '../../lib/i18n.ts';

/** Each language named in itself, so whoever cannot read the current one still finds theirs. */
const NAMES = { en: 'English', sw: 'Kiswahili' } as const;

/** The header's "EN | SW": always in sight, on a phone too; the choice is kept on the device and on the account. */
export function LanguageSwitch() {
  const t = useT();
  const client = useQueryClient();
  const current = currentLanguage();
  return (
    <Box role="group" aria-label={t('header.language')} sx={{ display: 'flex', flexShrink: 0, alignSelf: 'center', mx: { xs: 0.5, sm: 1.5 }, border: 1, borderColor: 'divider', borderRadius: 4, overflow: 'hidden' }}>
      {LANGUAGES.map((language) => (
        <Box
          key={language}
          component="button"
          type="button"
          lang={language}
          aria-pressed={language === current}
          onClick={() => void chooseLanguage(client, language)}
          sx={{
            minWidth: 36,
            height: 28,
            px: 1,
            border: 0,
            font: 'inherit',
            fontSize: 12,
            fontWeight: 800,
            letterSpacing: 0.5,
            cursor: 'pointer',
            bgcolor: language === current ? 'primary.main' : 'transparent',
            color: language === current ? 'primary.contrastText' : 'text.secondary',
            '&:focus-visible': { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: -2 },
          }}
        >
          {/* Named in full for screen readers; an aria-label would not contain the visible "EN" (WCAG 2.5.3). */}
          <span aria-hidden="true">{language.toUpperCase()}</span>
          <Box component="span" sx={visuallyHidden}>
            {NAMES[language]}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
