import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { videosOfReceipts, withholdLockedBy } from '../family/index.ts';
import { adminListQuerySchema, adminReceiptFilterSchema, adminReceiptSchema, badRequestSchema, errorDetailSchema, hiddenByLockSchema, RECEIPTS_PAGE_SIZE, receiptListSchema, receiptSchema, receiptsQuerySchema, sendReceiptSchema } from '@store/contract';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { fieldErrorFromIssues, HttpError } from '../../lib/http-errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { listWindow, sendList } from '../../lib/back-office/simple-rest.ts';
import { sortOrder } from '../../lib/back-office/list-query.ts';
import { parseId } from '../../lib/ids.ts';
import { receiptSortable, type ReceiptRepository } from './receipt-repository.ts';
import type { EtimsConfig } from './config.ts';
import { adminReceiptView, type ReceiptService } from './receipt-service.ts';

const tags = ['receipts'];
const idParams = z.object({ id: z.string() });

/** The customer's tax receipts (CONTRACT §12): their own only; anyone else's is a 404. */
export const receiptRoutes =
  (service: ReceiptService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/receipts',
      {
        preHandler: app.requireUser,
        schema: { tags, summary: 'Your tax invoices and credit notes, newest first', security: [{ bearer: [] }], querystring: receiptsQuerySchema, response: { 200: receiptListSchema.extend({ hidden: hiddenByLockSchema }), 400: badRequestSchema, 401: errorDetailSchema, 404: errorDetailSchema } },
      },
      async (request) => {
        const window = pageWindow(request.query.page, request.query.page_size, RECEIPTS_PAGE_SIZE);
        const { count, results } = await service.list(currentUser(request).id, { limit: window.pageSize, offset: window.offset });
        // Under the family lock a receipt for a 16 or 18 video is counted, not shown (CONTRACT §16).
        const { shown, hidden } = await withholdLockedBy(request, results, (db, rows) => videosOfReceipts(db, rows.map((r) => r.id)));
        return { ...toPage(request.url, window, count, shown), hidden };
      },
    );
    app.get(
      '/receipts/:id',
      {
        preHandler: app.requireUser,
        schema: { tags, summary: 'One of your receipts, with what KRA’s control unit answered', security: [{ bearer: [] }], params: idParams, response: { 200: receiptSchema, 401: errorDetailSchema, 404: errorDetailSchema } },
      },
      async (request) => {
        const receipt = await service.get(parseId(request.params.id), currentUser(request).id);
        // One the family lock hides is not there for the locked phone (CONTRACT §16): the list counts it.
        const { shown } = await withholdLockedBy(request, [receipt], (db, rows) => videosOfReceipts(db, rows.map((r) => r.id)));
        if (shown.length === 0) throw new HttpError(404, 'Not found.');
        return receipt;
      },
    );
    app.post(
      '/receipts/:id/send',
      {
        preHandler: app.requireUser,
        // Each copy is a mail or an SMS someone pays for: a few per quarter hour per customer (counted
        // after sign-in, so by account: many Kenyan phones share one carrier address).
        config: { rateLimit: { max: 5, timeWindow: '15 minutes', hook: 'preHandler', keyGenerator: (request) => `receipt-send:${request.user?.id ?? request.ip}` } },
        schema: { tags, summary: 'Send a copy of your receipt by e-mail or SMS', security: [{ bearer: [] }], params: idParams, body: sendReceiptSchema, response: { 202: errorDetailSchema, 400: badRequestSchema, 401: errorDetailSchema, 404: errorDetailSchema, 429: errorDetailSchema } },
      },
      async (request, reply) => reply.status(202).send(await service.send(parseId(request.params.id), currentUser(request).id, request.body)),
    );
  };

/** The back office: every invoice and credit note with its eTIMS state and why, and a Retry (staff only, under /api/admin). */
export const receiptAdminRoutes =
  (d: { repo: ReceiptRepository; config: EtimsConfig }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/receipts',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every tax invoice and credit note with its eTIMS state, newest first (filter state: pending, signed, failed or unsigned; kind; month YYYY-MM)',
          security: [{ bearer: [] }],
          querystring: adminListQuerySchema,
          response: { 200: z.array(adminReceiptSchema), 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema },
        },
      },
      async (request, reply) => {
        const w = listWindow(request.query);
        const filter = adminReceiptFilterSchema.safeParse(w.filter);
        if (!filter.success) throw fieldErrorFromIssues(filter.error.issues);
        const order = sortOrder(w.sort, receiptSortable, ['issued_at', 'DESC']);
        const { count, rows } = await d.repo.list({ limit: w.limit, offset: w.offset }, filter.data, order);
        return sendList(reply, 'receipts', rows.map((r) => adminReceiptView(r.receipt, r.email, d.config)), w.offset, count);
      },
    );
    app.post(
      '/receipts/:id/retry',
      { schema: { tags: ['admin'], summary: 'Send a receipt to eTIMS again now', security: [{ bearer: [] }], params: idParams, response: { 202: errorDetailSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema } } },
      async (request, reply) => {
        if (!(await d.repo.retryNow(parseId(request.params.id)))) throw new HttpError(404, 'No unsigned receipt with this id.');
        return reply.status(202).send({ detail: 'The receipt will be sent to eTIMS again within seconds.' });
      },
    );
  };
