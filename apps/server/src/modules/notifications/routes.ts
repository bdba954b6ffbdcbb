import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FOLLOW_KINDS,
  badRequestSchema,
  continueWatchingListSchema,
  errorDetailSchema,
  followListSchema,
  followStateSchema,
  markReadInputSchema,
  markReadResultSchema,
  myNotificationListSchema,
  notificationSettingsInputSchema,
  notificationSettingsSchema,
  pageParamSchema,
  pageSizeSchema,
  pushKeySchema,
  pushSubscriptionDeleteSchema,
  pushSubscriptionInputSchema,
  pushSubscriptionResultSchema,
  type Language,
} from '@store/contract';
import { HttpError } from '../../lib/http-errors.ts';
import { languageOf } from '../../lib/words.ts';
import { currentUser } from '../../plugins/auth.ts';
import { withholdLocked } from '../family/index.ts';
import { allowedEndpoint } from './push-hosts.ts';
import { customerLanguage, subscriptionRepository } from './repository.ts';
import type { NotificationService, Withhold } from './service.ts';
import type { VapidKeys } from './vapid.ts';

const security = [{ bearer: [] }];
const errors = { 400: badRequestSchema, 401: errorDetailSchema, 404: errorDetailSchema };
/** A DJ's id or a series' title: text PostgreSQL can hold (no NUL, no lone surrogate); anything else is no such DJ or series. */
/** Half of a surrogate pair with no other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const followId = z
  .string()
  .min(1)
  .max(200)
  // No NUL (PostgreSQL refuses it in text) and no lone surrogate half (not valid UTF-8).
  .refine((s) => !s.includes('\u0000') && !LONE_SURROGATE.test(s), 'No such series.');
const followParams = z.object({ kind: z.enum(FOLLOW_KINDS, { error: 'Follow a dj or a series.' }), id: followId });
/** Subscribing is a browser's one-off; this keeps anyone from filling the table. */
const SUBSCRIPTIONS_PER_HOUR = 30;
/** The family lock's rule as this request's account stands (the family module's one copy). */
const withholdFor =
  (request: FastifyRequest): Withhold =>
  (rows, videosOf) =>
    withholdLocked(request, rows, videosOf);

/** Follows, a customer's own notifications and settings, Web Push subscriptions, continue watching (CONTRACT §15). */
export function notificationRoutes(deps: { service: NotificationService; vapid: () => VapidKeys; serviceHosts: readonly string[] }): FastifyPluginAsyncZod {
  const { service } = deps;
  return async (app) => {
    /** The words of the page the customer reads now (Accept-Language), else the language they chose. */
    const readerLanguage = async (request: { headers: Record<string, unknown> }, userId: number): Promise<Language> =>
      request.headers['accept-language'] ? languageOf(request.headers as never) : ((await customerLanguage(app.db, userId)) ?? 'en');

    app.get('/follows', { preHandler: app.requireUser, schema: { tags: ['follows'], summary: 'What the customer follows, newest first', security, response: { 200: followListSchema, 401: errorDetailSchema } } }, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.follows(currentUser(request).id);
    });

    app.get(
      '/follows/:kind/:id',
      { preHandler: app.requireUser, schema: { tags: ['follows'], summary: 'Whether the customer follows this DJ (by id) or series (by title)', security, params: followParams, response: { 200: followStateSchema, ...errors } } },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const { kind, id } = request.params;
        return { kind, id, following: await service.isFollowing(currentUser(request).id, kind, id) };
      },
    );

    app.put(
      '/follows/:kind/:id',
      { preHandler: app.requireUser, schema: { tags: ['follows'], summary: 'Follow a DJ (by id) or a series (by its title, any case)', security, params: followParams, response: { 200: followStateSchema, ...errors } } },
      async (request) => service.setFollow(currentUser(request).id, request.params.kind, request.params.id, true),
    );

    app.delete(
      '/follows/:kind/:id',
      { preHandler: app.requireUser, schema: { tags: ['follows'], summary: 'Stop following a DJ or a series', security, params: followParams, response: { 200: followStateSchema, ...errors } } },
      async (request) => service.setFollow(currentUser(request).id, request.params.kind, request.params.id, false),
    );

    app.get(
      '/notifications/mine',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['notifications'],
          summary: 'The customer’s own notifications, newest first, in their language, with the unread count',
          security,
          querystring: z.object({ page: pageParamSchema, page_size: pageSizeSchema }),
          response: { 200: myNotificationListSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const userId = currentUser(request).id;
        return service.mine(userId, request.url, request.query, await readerLanguage(request, userId), withholdFor(request));
      },
    );

    app.post(
      '/notifications/mine/read',
      { preHandler: app.requireUser, schema: { tags: ['notifications'], summary: 'Mark some ({ids}) or all ({all: true}) of the customer’s notifications read', security, body: markReadInputSchema, response: { 200: markReadResultSchema, ...errors } } },
      async (request) => service.markRead(currentUser(request).id, 'all' in request.body ? 'all' : request.body.ids),
    );

    app.get(
      '/notifications/settings',
      { preHandler: app.requireUser, schema: { tags: ['notifications'], summary: 'Push and SMS per kind, and quiet hours (Nairobi time)', security, response: { 200: notificationSettingsSchema, 401: errorDetailSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.settings(currentUser(request).id);
      },
    );

    app.put(
      '/notifications/settings',
      {
        preHandler: app.requireUser,
        schema: { tags: ['notifications'], summary: 'Change quiet hours and the channels of the kinds named; the rest stays', security, body: notificationSettingsInputSchema, response: { 200: notificationSettingsSchema, ...errors } },
      },
      async (request) => service.saveSettings(currentUser(request).id, request.body),
    );

    app.get('/push/key', { schema: { tags: ['notifications'], summary: 'The VAPID public key for PushManager.subscribe', response: { 200: pushKeySchema } } }, async () => ({ public_key: deps.vapid().publicKey }));

    app.post(
      '/push/subscriptions',
      {
        preHandler: app.requireUser,
        config: { rateLimit: { max: SUBSCRIPTIONS_PER_HOUR, timeWindow: '1 hour' } },
        schema: {
          tags: ['notifications'],
          summary: 'Keep this browser’s push subscription (PushSubscription.toJSON()); only push services’ own hosts, over https',
          security,
          body: pushSubscriptionInputSchema,
          response: { 201: pushSubscriptionResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { endpoint, keys } = request.body;
        if (!allowedEndpoint(endpoint, deps.serviceHosts)) throw new HttpError(400, 'This push service is not one the store sends to.');
        await subscriptionRepository.save(app.db, currentUser(request).id, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
        return reply.status(201).send({ endpoint, subscribed: true });
      },
    );

    app.delete(
      '/push/subscriptions',
      { preHandler: app.requireUser, schema: { tags: ['notifications'], summary: 'Forget this browser’s push subscription', security, body: pushSubscriptionDeleteSchema, response: { 200: pushSubscriptionResultSchema, ...errors } } },
      async (request) => {
        await subscriptionRepository.remove(app.db, currentUser(request).id, request.body.endpoint);
        return { endpoint: request.body.endpoint, subscribed: false };
      },
    );

    app.get(
      '/continue-watching',
      { preHandler: app.requireUser, schema: { tags: ['watching'], summary: 'Videos started and not finished (over 10 s, under 95 %), newest first', security, response: { 200: continueWatchingListSchema, 401: errorDetailSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.continueWatching(currentUser(request).id, withholdFor(request));
      },
    );
  };
}
