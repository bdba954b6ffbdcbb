import type { FieldErrors } from '@store/contract';
import { Words } from './words.ts';

/**
 * An error the API answers with its own status and `{"detail": ...}` body (CONTRACT §3). A message
 * with values comes as Words (an id and its values), so it can be said in the reader's language.
 */
export class HttpError extends Error {
  readonly words: Words | null;
  constructor(
    readonly statusCode: number,
    message: string | Words,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(String(message));
    this.words = message instanceof Words ? message : null;
  }
}

/** A 400 with field errors: `{"field": ["message"]}`. */
export class FieldError extends Error {
  readonly statusCode = 400;
  constructor(readonly fields: FieldErrors) {
    super('Invalid input.');
  }
}

export const notFound = (what = 'Not found.') => new HttpError(404, what);

/** zod issues as field errors: the first path segment names the field. */
export function fieldErrorFromIssues(issues: { path: PropertyKey[]; message: string }[]): FieldError {
  const fields: FieldErrors = {};
  for (const i of issues) (fields[String(i.path[0] ?? 'non_field_errors')] ??= []).push(i.message);
  return new FieldError(fields);
}
