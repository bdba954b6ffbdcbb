import { describe, expect, it } from 'vitest';
import en from './en.json' with { type: 'json' };
import sw from './sw.json' with { type: 'json' };
import { englishText, findMessage } from './index.ts';
import { kshAmount, pageSizeSchema } from '../common.ts';
import { passwordSchema, profileUpdateSchema, registerInputSchema } from '../accounts.ts';
import { adminDjInputSchema, adminGenreInputSchema, adminNotificationInputSchema } from '../admin.ts';
import { adminPersonInputSchema, adminVideoInputSchema } from '../admin-catalog.ts';

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
const swahili: Record<string, string> = sw;

describe('the shared message catalog', () => {
  it('keys every English message by itself, so the English the API says never changes', () => {
    for (const [id, text] of Object.entries(en)) expect(text).toBe(id);
  });

  it('has a Kiswahili translation of every English message, with the same placeholders, and nothing more', () => {
    const missing = Object.keys(en).filter((id) => !swahili[id]?.trim());
    expect(missing).toEqual([]);
    expect(Object.keys(sw).filter((id) => !(id in en))).toEqual([]);
    for (const id of Object.keys(en)) expect(placeholders(swahili[id]!), id).toEqual(placeholders(id));
    // Not left in English by mistake (a few are the same words in both, like "Chagua DJ." is not).
    const untranslated = Object.keys(en).filter((id) => swahili[id] === id);
    expect(untranslated).toEqual([]);
  });

  it('finds the message behind every error the schemas give, with its values', () => {
    const issues = [
      ...registerInputSchema.safeParse({ username: 'a b', email: 'x', password1: 'short', password2: 'other' }).error!.issues,
      ...passwordSchema.safeParse('x'.repeat(200)).error!.issues,
      ...profileUpdateSchema.safeParse({ language: 'fr', city: 'x'.repeat(101) }).error!.issues,
      ...kshAmount(10, 250_000).safeParse(300_000).error!.issues,
      ...kshAmount(10, 250_000).safeParse(5).error!.issues,
      ...pageSizeSchema.safeParse(5000).error!.issues,
      // The back office's names and titles: blank, emptied (react-admin sends null), left out, not text, too long.
      ...(
        [
          [adminDjInputSchema, 'dj_name'],
          [adminGenreInputSchema, 'title'],
          [adminNotificationInputSchema, 'message'],
          [adminPersonInputSchema, 'full_name'],
          [adminPersonInputSchema, 'title'],
          [adminVideoInputSchema, 'title'],
        ] as const
      ).flatMap(([schema, field]) => [' ', null, undefined, 5, 'x'.repeat(501)].flatMap((name) => schema.safeParse({ [field]: name }).error!.issues)),
    ];
    expect(issues.length).toBeGreaterThan(6);
    for (const issue of issues) expect(findMessage(issue.message), issue.message).not.toBeNull();
    expect(findMessage('Ensure this value is less than or equal to 250,000.')).toEqual({ id: 'Ensure this value is less than or equal to {max}.', values: { max: '250,000' } });
    expect(findMessage('Too many failed attempts. Try again in 3 minutes.')).toEqual({ id: 'Too many failed attempts. Try again in {minutes} minutes.', values: { minutes: '3' } });
    expect(findMessage('Kikapu')).toBeNull();
  });

  it('writes an id with its values as the English the API always said', () => {
    expect(englishText('Too many requests. Try again in {seconds} seconds.', { seconds: 42 })).toBe('Too many requests. Try again in 42 seconds.');
    expect(englishText('Not found.')).toBe('Not found.');
  });
});
