import { compileMessage } from '@lingui/message-utils/compileMessage';
import { setupI18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withPluralValues } from './i18n.ts';
import { pluralsAsSelects } from './plurals.ts';

/** A message as the build compiles it and the browser says it (as i18n.ts's t does). */
function say(language: string, message: string, values: Record<string, string | number>) {
  const i18n = setupI18n({ locale: language, messages: { [language]: { id: pluralsAsSelects(compileMessage(message)) } } });
  return i18n._('id', withPluralValues(language, values));
}

describe('plurals compiled as selects', () => {
  afterEach(() => vi.restoreAllMocks());

  it('say the same words as ICU plurals, with grouped digits', () => {
    const cart = '{count, plural, one {Cart, # video} other {Cart, # videos}}';
    expect(say('en', cart, { count: 0 })).toBe('Cart, 0 videos');
    expect(say('en', cart, { count: 1 })).toBe('Cart, 1 video');
    expect(say('en', cart, { count: 12_500 })).toBe('Cart, 12,500 videos');
    expect(say('sw', '{count, plural, one {Video # ya DJ {dj}} other {Video # za DJ {dj}}}', { count: 1, dj: 'Afro' })).toBe('Video 1 ya DJ Afro');
    expect(say('sw', '{count, plural, one {Video # ya DJ {dj}} other {Video # za DJ {dj}}}', { count: 3, dj: 'Afro' })).toBe('Video 3 za DJ Afro');
    expect(say('en', '{count, plural, one {# video} other {# videos}} by DJ {dj} in {genre}', { count: 2, dj: 'Afro', genre: 'Drama' })).toBe('2 videos by DJ Afro in Drama');
  });

  it('read a number already written as text, as the form code passes field errors', () => {
    const wait = '{minutes, plural, one {Try again in # minute} other {Try again in # minutes}}';
    expect(say('en', wait, { minutes: '1' })).toBe('Try again in 1 minute');
    expect(say('en', wait, { minutes: '1,250' })).toBe('Try again in 1,250 minutes');
    expect(say('en', '{dj} has {count, plural, one {# video} other {# videos}}', { dj: '254', count: 2 })).toBe('254 has 2 videos');
  });

  it('never make a number formatter, whose first use costs a slow phone 70 ms', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    expect(say('en', '{count, plural, one {# suggestion} other {# suggestions}}: choose one.', { count: 4 })).toBe('4 suggestions: choose one.');
    expect(numberFormat).not.toHaveBeenCalled();
  });

  it('refuse exact matches and offsets at build time, which the category cannot say', () => {
    expect(() => pluralsAsSelects(compileMessage('{count, plural, =0 {none} other {# videos}}'))).toThrow(/exact matches/);
    expect(() => pluralsAsSelects(compileMessage('{count, plural, offset:1 one {# more} other {# more}}'))).toThrow(/exact matches/);
  });

  it('leave other placeholders and selects as they were', () => {
    expect(say('en', '{kind, select, film {A film} other {A series}} by {dj}', { kind: 'film', dj: 'Afro' })).toBe('A film by Afro');
  });
});
