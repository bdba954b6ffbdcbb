import { describe, expect, it } from 'vitest';
import en from './en.json' with { type: 'json' };
import sw from './sw.json' with { type: 'json' };
import { englishText, findMessage } from './index.ts';
import { z } from '../zod.ts';
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

  it('words the issues no schema gave a message for (a wrong type, a value outside a list) as catalog sentences', () => {
    const anything = z.object({
      text: z.string().min(3).max(1000),
      required: z.string(),
      name: z.string().min(1),
      count: z.number(),
      whole: z.number().int().min(0).max(1000),
      flag: z.boolean(),
      choice: z.enum(['movie', 'series']),
      list: z.array(z.string()).min(1).max(2),
      nested: z.object({ a: z.string() }),
      email: z.email(),
      pattern: z.string().regex(/^\d+$/),
    });
    const said = (input: object) => Object.fromEntries(anything.safeParse(input).error!.issues.map((i) => [String(i.path[0]), i.message]));
    const wrongTypes = said({ text: 5, name: null, count: 'x', whole: 1.5, flag: 'yes', choice: 'cartoon', list: 'a', nested: [], email: 'x@', pattern: 'abc' });
    const outOfRange = said({ text: 'ab', required: 'x', name: '', count: 1, whole: 5000, flag: true, choice: 'movie', list: ['a', 'b', 'c'], nested: { a: 'x' }, email: 'a@b.ke', pattern: '1' });
    expect(wrongTypes).toEqual({
      text: 'Not a valid string.',
      required: 'This field is required.',
      name: 'This field may not be null.',
      count: 'A valid number is required.',
      whole: 'A valid integer is required.',
      flag: 'Must be true or false.',
      choice: 'Select a valid choice.',
      list: 'Expected a list of items.',
      nested: 'Expected an object.',
      email: 'Enter a valid email address.',
      pattern: 'Enter a valid value.',
    });
    expect(outOfRange).toEqual({
      text: 'Ensure this field has at least 3 characters.',
      name: 'This field may not be blank.',
      whole: 'Ensure this value is less than or equal to 1,000.',
      list: 'Ensure this field has no more than 2 elements.',
    });
    for (const message of [...Object.values(wrongTypes), ...Object.values(outOfRange)]) expect(findMessage(message), message).not.toBeNull();
    // A schema's own message still wins.
    expect(z.string({ error: 'Name required!' }).safeParse(5).error!.issues[0]!.message).toBe('Name required!');
  });

  it('writes an id with its values as the English the API always said', () => {
    expect(englishText('Too many requests. Try again in {seconds} seconds.', { seconds: 42 })).toBe('Too many requests. Try again in 42 seconds.');
    expect(englishText('Not found.')).toBe('Not found.');
  });
});
