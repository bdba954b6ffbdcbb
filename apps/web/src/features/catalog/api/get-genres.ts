import { useQuery } from '@tanstack/react-query';
import type { Genre, Page } from '@store/contract';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/genre: the genre chips. */
export function useGenres() {
  return useQuery({
    queryKey: ['genres'],
    queryFn: ({ signal }) => apiGet<Page<Genre>>('/genre/', { page_size: 100 }, signal),
    staleTime: 10 * 60_000,
  });
}

/** GET /api/genreTotal: each genre with its newest videos, for the home page's genre blocks. */
export function useGenreTotals(videosPerGenre = 10) {
  return useQuery({
    queryKey: ['genre-totals', videosPerGenre],
    queryFn: ({ signal }) => apiGet<Page<Genre>>('/genreTotal/', { videos: videosPerGenre, page_size: 100 }, signal),
  });
}
