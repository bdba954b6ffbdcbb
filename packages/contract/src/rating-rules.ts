/**
 * The Kenya Film Classification Board's ratings and the lock's rule, with no zod: the storefront's
 * first screen (the family lock, the header) needs only these, and importing ratings.ts would bring
 * zod's 25 KB with its schemas (issue 32 item 8).
 */
export const RATINGS = ['GE', 'PG', '16', '18'] as const;
export type Rating = (typeof RATINGS)[number];

/** The ratings a locked phone does not show and a customer confirms their age for. */
export const ADULT_RATINGS: readonly Rating[] = ['16', '18'];
export const isAdultRating = (rating: string): boolean => rating === '16' || rating === '18';
/** What a locked account's lists keep. */
export const FAMILY_RATINGS: readonly Rating[] = ['GE', 'PG'];
