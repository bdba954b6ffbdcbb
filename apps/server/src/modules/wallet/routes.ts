import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withholdLockedBy, videosOfLedgerEntries } from '../family/index.ts';
import { ACTIVITY_PAGE_SIZE, activityPageSchema, hiddenByLockSchema, activityQuerySchema, badRequestSchema, errorDetailSchema } from '@store/contract';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import { activityOf } from './activity-repository.ts';

/** The customer's own account activity: every change of their balance, from the ledger. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activity',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Your account activity: deposits, purchases, refunds and adjustments, newest first, with the balance after each',
        security: [{ bearer: [] }],
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema.extend({ hidden: hiddenByLockSchema }), 400: badRequestSchema, 401: errorDetailSchema, 404: errorDetailSchema },
      },
    },
    async (request) => {
      const window = pageWindow(request.query.page, request.query.page_size, ACTIVITY_PAGE_SIZE);
      const { count, results } = await activityOf(app.db, currentUser(request).id, window);
      // Under the family lock an entry paying for a 16 or 18 video is counted, not shown: its note names it (CONTRACT §16).
      const { shown, hidden } = await withholdLockedBy(request, results, (db, rows) => videosOfLedgerEntries(db, rows.map((r) => r.id)));
      return { ...toPage(request.url, window, count, shown), hidden };
    },
  );
};
