import type { Messages } from '@lingui/core';
import { onTestFinished, vi } from 'vitest';
import contract from '@store/contract/locales/sw.json';
import { i18n } from '../lib/i18n.ts';

// Every Kiswahili catalog, as the app loads them with its screens, and the contract's (form errors).
const catalogs = import.meta.glob<{ default: Messages }>('../**/locales/sw.json', { eager: true });

/**
 * Switches the test to Kiswahili (English again when it ends). Answers a function that lists the
 * "Untranslated message" errors reported since, so a test can require there are none.
 */
export function speakKiswahili() {
  i18n.load('sw', Object.assign({}, contract as Messages, ...Object.values(catalogs).map((catalog) => catalog.default)));
  i18n.activate('sw');
  const errors = vi.spyOn(console, 'error');
  onTestFinished(() => {
    i18n.activate('en');
    errors.mockRestore();
  });
  return () => errors.mock.calls.map(([message]) => String(message)).filter((message) => message.startsWith('Untranslated message'));
}
