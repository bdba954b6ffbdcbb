import { afterEach, describe, expect, it } from 'vitest';
import { loadFormMessages } from './form-messages.ts';
import { fieldMessage } from './forms.ts';
import { setLanguage } from './i18n.ts';

describe('field errors in the chosen language', () => {
  afterEach(() => setLanguage('en'));

  it('says the contract’s messages in Kiswahili once chosen, values and all, and the server’s as they came', async () => {
    await loadFormMessages();
    const tooBig = { type: 'too_big', message: 'Ensure this value is less than or equal to 250,000.' };
    expect(fieldMessage(tooBig)).toBe('Ensure this value is less than or equal to 250,000.');
    await setLanguage('sw');
    expect(fieldMessage(tooBig)).toBe('Hakikisha kiasi hiki hakizidi 250,000.');
    expect(fieldMessage({ type: 'custom', message: "Passwords don't match!" })).toBe('Manenosiri hayalingani!');
    // The server already answered in the request's language; words the catalog does not know stay as they are.
    expect(fieldMessage({ type: 'server', message: 'Namba hii tayari imesajiliwa.' })).toBe('Namba hii tayari imesajiliwa.');
    expect(fieldMessage({ type: 'custom', message: 'DJ Afro' })).toBe('DJ Afro');
    expect(fieldMessage(undefined)).toBeUndefined();
  });
});
