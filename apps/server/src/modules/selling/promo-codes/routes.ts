import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestSchema, errorDetailSchema, promoCodePreviewSchema, promoPreviewQuerySchema, type PromoKind, type PromoPreviewQuery } from '@store/contract';
import { FieldError, HttpError } from '../../../lib/http-errors.ts';
import type { PromoGuesses } from './guess-limits.ts';
import type { PreviewPricing } from './preview-pricing.ts';
import { previewPromo } from './promo-service.ts';
import type { PromoLine } from './rules.ts';

export { PREVIEW_LIMITS } from './guess-limits.ts';

/** The lines a preview prices the code against, and which way of selling that is. */
async function target(pricing: PreviewPricing, db: Parameters<PreviewPricing['purchase']>[0], userId: number | null, q: PromoPreviewQuery): Promise<{ kind: PromoKind; lines: PromoLine[]; bundleId?: number }> {
  const notForSale = () => new FieldError({ video_ids: ['Some of these videos are not for sale.'] });
  if (q.bundle_id !== undefined) {
    const lines = await pricing.bundle(db, userId, q.bundle_id);
    if (!lines) throw new HttpError(404, 'Not found.');
    return { kind: q.gift ? 'gift' : 'bundle', lines, bundleId: q.bundle_id };
  }
  if (!q.video_ids?.length) throw new FieldError({ video_ids: ['Give the videos or the bundle the code is for.'] });
  if (q.rental) {
    const line = q.video_ids.length === 1 ? await pricing.rental(db, userId, q.video_ids[0]!) : null;
    if (!line) throw notForSale();
    return { kind: 'rental', lines: [line] };
  }
  const lines = await pricing.purchase(db, userId, q.video_ids);
  if (!lines) throw notForSale();
  return { kind: q.gift ? 'gift' : 'purchase', lines };
}

export function promoRoutes(deps: { pricing: PreviewPricing; guesses: PromoGuesses }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/promo-codes/:code',
      {
        preHandler: app.identifyUser,
        schema: {
          tags: ['promo codes'],
          summary: 'What a promo code would take off (nothing is held)',
          description:
            '`video_ids=1,2` a purchase (with `gift=1` a gift of them), `video_ids=1&rental=1` a rental, `bundle_id=` a bundle. A code that does not apply is a 400 ' +
            '`{"promo_code": ["one plain sentence why"]}` in the request’s language. With a token, the customer’s own limits (already used, first purchase) are checked too. ' +
            'Limited per address and per account (429 with Retry-After).',
          params: z.object({ code: z.string().max(64) }),
          querystring: promoPreviewQuerySchema,
          response: { 200: promoCodePreviewSchema, 400: badRequestSchema, 401: errorDetailSchema, 404: errorDetailSchema, 429: errorDetailSchema },
        },
      },
      async (request, reply) => {
        const userId = request.user?.id ?? null;
        await deps.guesses.take(request.ip, userId);
        const t = await target(deps.pricing, app.db, userId, request.query);
        reply.header('cache-control', 'private, no-store');
        return previewPromo(app.db, { code: request.params.code, userId, ...t });
      },
    );
  };
}
