import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage, registerCatalog, setLanguage, t } from './i18n.ts';

/** A catalog whose Kiswahili arrives when the test says so. */
function catalog(en: string, sw: string, swArrives: Promise<void> = Promise.resolve()) {
  return async (language: 'en' | 'sw') => {
    if (language === 'sw') await swArrives;
    return { default: { 'test.words': language === 'en' ? en : sw } };
  };
}

describe('switching language', () => {
  afterEach(async () => {
    await setLanguage('en');
    localStorage.clear();
  });

  it('a screen opened while the switch is loading arrives in the new language, not as ids', async () => {
    let arrive!: () => void;
    await registerCatalog('slow', catalog('Slow', 'Polepole', new Promise((resolve) => (arrive = resolve))));
    const switching = setLanguage('sw');
    // The customer opens another screen before the first catalog's Kiswahili has arrived.
    const opening = registerCatalog('late', async (language) => ({ default: { 'late.words': language === 'en' ? 'Hello' : 'Habari' } }));
    arrive();
    await Promise.all([switching, opening]);
    expect(currentLanguage()).toBe('sw');
    expect(t('late.words')).toBe('Habari');
    expect(t('test.words')).toBe('Polepole');
  });
});
