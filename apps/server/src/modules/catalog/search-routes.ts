import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MIN_SUGGEST_LENGTH, badRequestSchema, searchSuggestionsQuerySchema, searchSuggestionsSchema, type SearchSuggestions } from '@store/contract';
import { posterUrls } from '../media/index.ts';
import { cachedJson } from './cached-answer.ts';
import { createVideoRepository } from './video-repository.ts';
import { searchSyncFor } from './search-sync.ts';
import { ratingsFor } from '../family/index.ts';

const DEFAULT_SUGGESTIONS = 5;

/** Suggestions as a customer types in the header's search box, and "Did you mean" for an empty result. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const videos = createVideoRepository(app.db);
  const sync = searchSyncFor(app.db);

  app.get(
    '/search/suggestions',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A few titles matching what is typed so far, with small posters',
        description:
          'The same typo-tolerant search as /videoDetails/?title=, the last word as a prefix; nothing under 2 characters. ' +
          'When nothing matches, did_you_mean proposes the query with its unknown words corrected.',
        querystring: searchSuggestionsQuerySchema,
        response: { 200: searchSuggestionsSchema, 400: badRequestSchema },
      },
    },
    (request, reply) =>
      cachedJson(request, reply as FastifyReply, async (view): Promise<SearchSuggestions> => {
        const { q, limit } = request.query;
        if (q.trim().length < MIN_SUGGEST_LENGTH) return { results: [], did_you_mean: null };
        const index = await sync.current();
        const ratings = ratingsFor(view, undefined);
        const { ids } = index.search(q, { rating: ratings }, '-purchase_times', limit ?? DEFAULT_SUGGESTIONS, 0);
        const rows = new Map((await videos.byIds(ids)).map((r) => [r.id, r]));
        const results = ids.flatMap((id) => {
          const r = rows.get(id);
          return r ? [{ vidId: r.id, title: r.title, season: r.season, dj: r.djName, poster: posterUrls(r.posterKey).set[0]?.url ?? null }] : [];
        });
        return { results, did_you_mean: results.length === 0 ? index.didYouMean(q, ratings) : null };
      }),
  );
};
