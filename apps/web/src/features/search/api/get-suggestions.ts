import { useQuery } from '@tanstack/react-query';
import { MIN_SUGGEST_LENGTH, type SearchSuggestions } from '@store/contract';
import { apiGet } from '../../../lib/api-client.ts';

export const suggestionsQueryKey = (q: string) => ['search-suggestions', q] as const;

export const getSuggestions = (q: string, signal?: AbortSignal) => apiGet<SearchSuggestions>('/search/suggestions/', { q }, signal);

/**
 * GET /api/search/suggestions/: a few titles for what is typed so far (the last word as a prefix),
 * and did_you_mean when nothing matches. Nothing is fetched under 2 characters.
 */
export function useSuggestions(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: suggestionsQueryKey(term),
    queryFn: ({ signal }) => getSuggestions(term, signal),
    enabled: term.length >= MIN_SUGGEST_LENGTH,
    staleTime: 60_000,
  });
}
