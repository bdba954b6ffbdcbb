import type { Messages } from '@lingui/core';
import english from '@store/contract/locales/en.json' with { type: 'json' };
import { registerCatalog } from './i18n.ts';

/**
 * The contract's messages in the chosen language: its shared catalog is keyed by the English message
 * ('This field may not be blank.' -> Kiswahili). The features with forms load it with their own words
 * (their messages.ts), so only screens with forms download it. Apart from lib/forms.ts: loading these
 * words with a screen must not load zod and the form code (a video's page loads the cart's words).
 */
export const loadFormMessages = () =>
  // English is also findMessage's own list (lib/forms.ts).
  registerCatalog('contract', async (language) => (language === 'sw' ? import('@store/contract/locales/sw.json') : { default: english as Messages }));
