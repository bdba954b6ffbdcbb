import { z } from 'zod';
import { groupDigits } from './format.ts';

/**
 * zod as every schema here uses it. In a browser it runs without its JIT: the store's
 * Content-Security-Policy refuses eval, and zod's `new Function` probe, which runs as schemas are
 * built, is reported as a violation. Set here, before any schema module's body, because those
 * modules import z from this one. The server keeps the JIT.
 */
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') z.config({ jitless: true });

const count = (n: number | bigint) => groupDigits(Number(n));

/** What a value of each type is called when another type came (Django REST framework's words, as the seed's API said them). */
const NOT_A: Partial<Record<string, string>> = {
  string: 'Not a valid string.',
  number: 'A valid number is required.',
  int: 'A valid integer is required.',
  boolean: 'Must be true or false.',
  array: 'Expected a list of items.',
  object: 'Expected an object.',
};

/**
 * The words of an issue no schema gave its own message (a number where text is expected, a value
 * outside a list, a number over a limit), as sentences of the shared catalog (locales/en.json)
 * instead of zod's English ("Invalid input: expected string, received number"), so the API says
 * them in the reader's language like every other message. A schema's own message still wins.
 */
const catalogSentence: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'This field is required.';
      if (issue.input === null) return 'This field may not be null.';
      return NOT_A[issue.expected] ?? 'Invalid value.';
    case 'invalid_value':
      return 'Select a valid choice.';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'This field may not be blank.' : `Ensure this field has at least ${count(issue.minimum)} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Ensure this field has at least ${count(issue.minimum)} elements.`;
      return `Ensure this value is greater than or equal to ${count(issue.minimum)}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Ensure this field has no more than ${count(issue.maximum)} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Ensure this field has no more than ${count(issue.maximum)} elements.`;
      return `Ensure this value is less than or equal to ${count(issue.maximum)}.`;
    case 'invalid_format':
      return issue.format === 'email' ? 'Enter a valid email address.' : 'Enter a valid value.';
    default:
      return 'Invalid value.';
  }
};
z.config({ customError: catalogSentence });

export { z };
