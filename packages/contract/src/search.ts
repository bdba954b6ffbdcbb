import { z } from './zod.ts';

import { MAX_SUGGESTIONS } from './search-limits.ts';
export { MAX_SUGGESTIONS, MIN_SUGGEST_LENGTH } from './search-limits.ts';

export const searchSuggestionsQuerySchema = z.object({
  /** What is typed so far; the last word counts as a prefix. Only the first 100 characters count. */
  q: z.string().default(''),
  limit: z.coerce.number().int().min(1).max(MAX_SUGGESTIONS).optional(),
});
export type SearchSuggestionsQuery = z.infer<typeof searchSuggestionsQuerySchema>;

export const searchSuggestionSchema = z.object({
  vidId: z.number().int(),
  title: z.string(),
  season: z.string().nullable(),
  dj: z.string(),
  /** The smallest poster (160 px WebP), or null. */
  poster: z.string().nullable(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

export const searchSuggestionsSchema = z
  .object({
    results: z.array(searchSuggestionSchema),
    /** The query with its unknown words replaced by the nearest words of the catalogue, or null. */
    did_you_mean: z.string().nullable(),
  })
  .meta({ id: 'SearchSuggestions' });
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;
