import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  djSchema,
  errorDetailSchema,
  badRequestSchema,
  genreSchema,
  groupListQuerySchema,
  pageParamSchema,
  pageSizeSchema,
  paginated,
  videoListQuerySchema,
  videoSchema,
} from '@store/contract';
import { cachedJson } from './cached-answer.ts';
import { createCatalogService, parseId } from './catalog-service.ts';

const tags = ['catalogue'];
const errors = { 400: badRequestSchema, 404: errorDetailSchema };

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
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
    (request, reply) => cachedJson(request, reply, () => catalog.listVideos(request.url, request.query)),
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
    (request, reply) => cachedJson(request, reply, () => catalog.trending(request.url, request.query)),
  );

  app.get(
    '/videoDetails/:id',
    {
      schema: {
        tags,
        summary: 'One video',
        description: 'With a Bearer token the answer carries `owned`; for its owner (or staff) also signed media addresses and `media`. It is never cached then.',
        params: z.object({ id: z.string() }),
        response: { 200: videoSchema, 401: errorDetailSchema, 404: errorDetailSchema },
      },
      preHandler: app.identifyUser,
    },
    async (request, reply) => {
      // The same address answers owners differently: a browser must not reuse a visitor's copy.
      reply.header('vary', 'Authorization');
      if (!request.user) return cachedJson(request, reply, () => catalog.getVideo(request.params.id), { visitorsOnly: true });
      // With a token the answer says whether this customer owns it (CONTRACT §8): never cached.
      reply.header('cache-control', 'private, no-store');
      const owned = await app.ownedMedia.forUser(request.user.id, parseId(request.params.id));
      if (!owned) return { ...(await catalog.getVideo(request.params.id)), owned: false };
      // Owners keep what they bought after it leaves the catalogue.
      const video = await catalog.getVideo(request.params.id, { includeUnpublished: true });
      return { ...video, owned: true, video: owned.video, media: owned.media, additional_files: video.additional_files.map((f) => ({ ...f, file: owned.files.get(f.id) ?? null })) };
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
        (request, reply) => cachedJson(request, reply, () => g.list(request.url, request.query, g.videos)),
      );
    }
  }
};
