import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactMessageInputSchema,
  contactMessageSchema,
  errorDetailSchema,
  badRequestSchema,
  notificationSchema,
  pageParamSchema,
  pageSizeSchema,
  paginated,
  personSchema,
} from '@store/contract';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { languageOf } from '../../lib/words.ts';
import { portraitUrl } from '../media/index.ts';
import { createContentRepository } from './repository.ts';

const tags = ['content'];
const listQuery = z.object({ page: pageParamSchema, page_size: pageSizeSchema });
const DEFAULT_PAGE_SIZE = 100;

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createContentRepository(app.db);

  for (const [path, role, summary] of [
    ['/ceo', 'ceo', 'The CEO, for the about page'],
    ['/about_team', 'team', 'The team, for the about page'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary,
          querystring: listQuery,
          response: { 200: paginated(personSchema), 400: badRequestSchema, 404: errorDetailSchema },
        },
      },
      async (request) => {
        const w = pageWindow(request.query.page, request.query.page_size, DEFAULT_PAGE_SIZE);
        const { rows, count } = await repo.people(role, w.pageSize, w.offset);
        const results = rows.map((p) => ({
          id: p.id,
          profile_image: portraitUrl(p.imageKey),
          full_name: p.fullName,
          title: p.title,
          message: p.message,
          title_sw: p.titleSw,
          message_sw: p.messageSw,
        }));
        return toPage(request.url, w, count, results);
      },
    );
  }

  app.get(
    '/notification',
    {
      schema: {
        tags,
        summary: 'Store notifications, newest first',
        querystring: listQuery,
        response: { 200: paginated(notificationSchema), 400: badRequestSchema, 404: errorDetailSchema },
      },
    },
    async (request) => {
      const w = pageWindow(request.query.page, request.query.page_size, DEFAULT_PAGE_SIZE);
      const { rows, count } = await repo.notifications(w.pageSize, w.offset);
      const results = rows.map((n) => ({ noty_id: n.id, date_notified: n.dateNotified.toISOString(), message: n.message, message_sw: n.messageSw }));
      return toPage(request.url, w, count, results);
    },
  );

  app.post(
    '/message',
    {
      // Counted after validation: only messages that would be stored use up the allowance.
      config: { rateLimit: { ...app.config.contactRateLimit, hook: 'preHandler' } },
      schema: {
        tags,
        summary: 'Send the store a message from the contact page',
        description: 'Rate-limited per client address (429 with Retry-After).',
        body: contactMessageInputSchema,
        response: { 201: contactMessageSchema, 400: badRequestSchema, 429: errorDetailSchema },
      },
    },
    async (request, reply) => {
      const row = await repo.saveContactMessage(request.body, request.ip, request.headers['accept-language'] ? languageOf(request.headers) : null);
      return reply.status(201).send({
        id: row.id,
        name: row.name,
        email: row.email,
        phone_number: row.phoneNumber,
        message: row.message,
        date_sent: row.createdAt.toISOString(),
      });
    },
  );
};
