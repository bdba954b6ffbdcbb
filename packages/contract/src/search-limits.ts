// The search box's limits, with no zod: the header on every page needs them (issue 32 item 8).

/** Fewer letters than this fetch no suggestions (the box stays quiet while a word starts). */
export const MIN_SUGGEST_LENGTH = 2;
export const MAX_SUGGESTIONS = 8;
