/** The database error a driver threw, found through wrappers (drizzle wraps pg's and PGlite's). */
function pgCode(err: unknown): { code?: string; constraint?: string; message?: string } | undefined {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const x = e as { code?: string; constraint?: string; message?: string };
    if (typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code)) return x;
  }
  return undefined;
}

/** Whether a database error is a unique violation of the named index (either engine, wrapped or not). */
export function isUniqueViolation(err: unknown, index: string): boolean {
  const x = pgCode(err);
  return x?.code === '23505' && (x.constraint === index || (x.message?.includes(index) ?? false));
}

/** Whether a row could not go because other rows still point at it (foreign key: no action, or restrict). */
export const isStillReferenced = (err: unknown): boolean => ['23503', '23001'].includes(pgCode(err)?.code ?? '');

/**
 * A value the database cannot take (class 22, data exception: an integer out of range, text it
 * cannot store, a malformed number or date). Validation should have refused it first; this is
 * the net under it, so a value nobody thought of is the caller's 400, never a 500.
 */
export const isDataException = (err: unknown): boolean => (pgCode(err)?.code ?? '').startsWith('22');
