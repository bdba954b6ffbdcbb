import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorDetailSchema, notificationReportSchema } from '@store/contract';
import { followRepository, notificationRepository } from './repository.ts';

/** Back office (staff): followers per DJ and series, and what the notifications did (made, sent, failed, removed). */
export const notificationAdminRoutes: FastifyPluginAsyncZod = async (office) => {
  office.get(
    '/notifications/report',
    { schema: { tags: ['admin'], summary: 'Followers per DJ and series; in-store notifications, pushes and SMS by outcome', security: [{ bearer: [] }], response: { 200: notificationReportSchema, 401: errorDetailSchema, 403: errorDetailSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { followers: await followRepository.counts(office.db), ...(await notificationRepository.report(office.db)) };
    },
  );
};
