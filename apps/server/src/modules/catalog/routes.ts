import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rentalForVideo } from '../selling/index.ts';
import type { OwnedMediaService } from '../media/index.ts';
import { z } from 'zod';
import {
  djSchema,
  errorDetailSchema,
  badRequestSchema,
  isAdultRating,
  genreSchema,
  groupListQuerySchema,
  pageParamSchema,
  pageSizeSchema,
  paginated,
  videoListQuerySchema,
  videoSchema,
} from '@store/contract';
import { cachedJson } from './cached-answer.ts';
import { parseId } from '../../lib/ids.ts';
import { createCatalogService } from './catalog-service.ts';
import { lockedRequest, ratingsFor } from '../family/index.ts';

const tags = ['catalogue'];
const errors = { 400: badRequestSchema, 404: errorDetailSchema };

export const catalogRoutes =
  (deps: { ownedMedia: OwnedMediaService }): FastifyPluginAsyncZod =>
  async (app) => {
  const catalog = createCatalogService(app.db);

  app.get(
    '/videoDetails',
    {
      schema: {
        tags,
        summary: 'List videos',
        description:
          'Filters: genre (title), cartegory, type (dj_{name}), dj (name), suggest, popular, title (typo-tolerant ' +
          'search, best match first). ordering: date_uploaded, purchase_times, price or title, `-` for descending.',
        querystring: videoListQuerySchema,
        response: { 200: paginated(videoSchema), ...errors },
      },
    },
    (request, reply) => cachedJson(request, reply, (view) => catalog.listVideos(request.url, { ...request.query, rating: ratingsFor(view, request.query.rating) }, { locked: view === 'locked' })),
  );

  app.get(
    '/trend',
    {
      schema: {
        tags,
        summary: 'Trending: the videos most bought in the last 30 days, then the most bought ever',
        querystring: z.object({ page: pageParamSchema, page_size: pageSizeSchema }),
        response: { 200: paginated(videoSchema), ...errors },
      },
    },
    (request, reply) => cachedJson(request, reply, (view) => catalog.trending(request.url, request.query, ratingsFor(view, undefined), { locked: view === 'locked' })),
  );

  app.get(
    '/videoDetails/:id',
    {
      schema: {
        tags,
        summary: 'One video',
        description: 'With a Bearer token the answer carries `owned`, `rental` (the live one, or null) and `price_for_you`; for its owner, staff or a live renter also signed media addresses and `media` (a renter never the download). It is never cached then. ' +
          'Under the family lock without X-Family-Unlock a 16 or 18 video comes with `family_locked: true` and no media address, not even `preview`.',
        params: z.object({ id: z.string() }),
        response: { 200: videoSchema, 401: errorDetailSchema, 404: errorDetailSchema },
      },
      preHandler: app.identifyUser,
    },
    async (request, reply) => {
      // The same address answers owners differently: a browser must not reuse a visitor's copy.
      reply.header('vary', 'Authorization, X-Family-Unlock');
      if (!request.user) return cachedJson(request, reply, () => catalog.getVideo(request.params.id), { visitorsOnly: true });
      // With a token the answer says whether this customer owns it (CONTRACT §8): never cached.
      reply.header('cache-control', 'private, no-store');
      const userId = request.user.id;
      const locked = lockedRequest(request);
      const owned = await deps.ownedMedia.forUser(userId, parseId(request.params.id));
      // Rentals (CONTRACT §11): the live rental and the price less a recent rent; an owner pays nothing more.
      const forYou = async (video: { vidId: number; price: number }) => (owned && !owned.rented ? { rental: null, price_for_you: video.price } : rentalForVideo(app.db, userId, video));
      // Owners keep what they bought after it leaves the catalogue (and renters until their rental ends).
      const video = await catalog.getVideo(request.params.id, { includeUnpublished: owned !== null, locked });
      // Under the family lock a 16 or 18 video's media addresses are withheld, owned or not, and so is
      // its public first minute (CONTRACT §13): the page shows what it is and asks for the PIN.
      if (locked && isAdultRating(video.rating)) return { ...video, preview: null, owned: owned !== null && !owned.rented, pass: owned?.pass ?? null, ...(await forYou(video)), family_locked: true };
      if (!owned) return { ...video, owned: false, pass: null, ...(await forYou(video)) };
      return { ...video, owned: !owned.rented, pass: owned.pass, ...(await forYou(video)), video: owned.video, media: owned.media, additional_files: video.additional_files.map((f) => ({ ...f, file: owned.files.get(f.id) ?? null })) };
    },
  );

  const groupRoutes = [
    { paths: ['/dj'], summary: 'DJs with their video counts', list: catalog.listDjs, item: djSchema, videos: false },
    {
      paths: ['/dj_Total'],
      summary: "DJs, each with their newest videos in video_details (the home page's per-DJ blocks)",
      list: catalog.listDjs,
      item: djSchema,
      videos: true,
    },
    { paths: ['/genre'], summary: 'Genres with their video counts', list: catalog.listGenres, item: genreSchema, videos: false },
    {
      paths: ['/genreTotal', '/genretotal'],
      summary: "Genres, each with their newest videos in video_details (the home page's genre blocks)",
      list: catalog.listGenres,
      item: genreSchema,
      videos: true,
    },
  ] as const;

  for (const g of groupRoutes) {
    for (const path of g.paths) {
      app.get(
        path,
        {
          schema: {
            tags,
            summary: g.summary,
            querystring: groupListQuerySchema,
            response: { 200: paginated(g.item), ...errors },
          },
        },
        (request, reply) => cachedJson(request, reply, (view) => g.list(request.url, request.query, g.videos, ratingsFor(view, undefined), { locked: view === 'locked' })),
      );
    }
  }
};
