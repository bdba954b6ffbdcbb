import { z } from './zod.ts';
import { paginated } from './common.ts';

/** CONTRACT §15: what a customer follows. A series is named by its title, whatever its case (as the store's all-seasons bundles group it). */
export const FOLLOW_KINDS = ['dj', 'series'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** One thing followed, as GET /api/follows/ lists it; `id` is the DJ's id or the series' title in lower case. */
export const followSchema = z
  .object({
    kind: z.enum(FOLLOW_KINDS),
    id: z.string().describe('The DJ’s id (as text) or the series’ key (its title in lower case)'),
    name: z.string().describe('The DJ’s name or the series’ title'),
    created_at: z.string(),
  })
  .meta({ id: 'Follow' });
export type Follow = z.infer<typeof followSchema>;
export const followListSchema = z.object({ results: z.array(followSchema) }).meta({ id: 'FollowList' });
export type FollowList = z.infer<typeof followListSchema>;

/** PUT/DELETE /api/follows/{kind}/{id}/ answer: whether the customer follows it now, and how many do. */
export const followStateSchema = z.object({ kind: z.enum(FOLLOW_KINDS), id: z.string(), following: z.boolean() }).meta({ id: 'FollowState' });
export type FollowState = z.infer<typeof followStateSchema>;

/** The kinds of a customer's own notifications (CONTRACT §15). */
export const NOTIFICATION_KINDS = ['new_video', 'rental_ending', 'pass_ending', 'pass_renewal', 'gift_received', 'gift_claimed', 'refund', 'deposit_failed'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notification, worded in the customer's language; `url` is the storefront page it opens. */
export const myNotificationSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    url: z.string().describe('A storefront path, e.g. /video/12'),
    created_at: z.string(),
    read_at: z.string().nullable(),
  })
  .meta({ id: 'MyNotification' });
export type MyNotification = z.infer<typeof myNotificationSchema>;

/** GET /api/notifications/mine/: paginated, newest first, with the unread count; `hidden`: how many the family lock keeps back (§16). */
export const myNotificationListSchema = paginated(myNotificationSchema)
  .extend({ unread: z.number().int(), hidden: z.number().int() })
  .meta({ id: 'MyNotificationList' });
export type MyNotificationList = z.infer<typeof myNotificationListSchema>;

/** POST /api/notifications/mine/read/: some by id, or all of them. */
export const markReadInputSchema = z.union([
  z.object({ ids: z.array(z.number().int().min(1).max(2 ** 53 - 1)).min(1, 'Give at least one id.').max(1000, 'At most 1000 at once.') }),
  z.object({ all: z.literal(true) }),
]);
export type MarkReadInput = z.infer<typeof markReadInputSchema>;
export const markReadResultSchema = z.object({ updated: z.number().int(), unread: z.number().int() }).meta({ id: 'MarkReadResult' });
export type MarkReadResult = z.infer<typeof markReadResultSchema>;

/** "HH:MM", 24-hour, Africa/Nairobi. */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM, 24-hour.');
export const channelChoiceSchema = z.object({ push: z.boolean(), sms: z.boolean() });
export type ChannelChoice = z.infer<typeof channelChoiceSchema>;

/** GET/PUT /api/notifications/settings/. Quiet hours are Nairobi time; what falls in them is sent when they end. */
export const notificationSettingsSchema = z
  .object({
    quiet_hours: z.object({ start: clockTimeSchema, end: clockTimeSchema }).nullable(),
    kinds: z.object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, channelChoiceSchema])) as Record<NotificationKind, typeof channelChoiceSchema>),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT accepts a part: quiet hours, and only the kinds (and channels) it names. */
export const notificationSettingsInputSchema = z.object({
  quiet_hours: z.object({ start: clockTimeSchema, end: clockTimeSchema }).nullable().optional(),
  kinds: z.partialRecord(z.enum(NOTIFICATION_KINDS), channelChoiceSchema.partial()).optional(),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

/** The defaults of §15: push on for every kind, SMS for gift_received and pass_renewal, quiet 22:00 to 07:00. */
export const SMS_BY_DEFAULT: readonly NotificationKind[] = ['gift_received', 'pass_renewal'];
export const DEFAULT_QUIET_HOURS = { start: '22:00', end: '07:00' } as const;
export const QUIET_HOURS_TIME_ZONE = 'Africa/Nairobi';
export const defaultNotificationSettings = (): NotificationSettings => ({
  quiet_hours: { ...DEFAULT_QUIET_HOURS },
  kinds: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, { push: true, sms: SMS_BY_DEFAULT.includes(k) }])) as NotificationSettings['kinds'],
});

/** GET /api/push/key/: the VAPID public key, base64url, for PushManager.subscribe's applicationServerKey. */
export const pushKeySchema = z.object({ public_key: z.string() }).meta({ id: 'PushKey' });
export type PushKey = z.infer<typeof pushKeySchema>;

/** A push service's address: printable ASCII as browsers give it (no spaces, no NUL), at most 2000 characters. */
const pushEndpoint = z
  .string()
  .trim()
  .min(1, 'This field is required.')
  .max(2000, 'The endpoint is too long.')
  .regex(/^[\x21-\x7e]+$/, 'Not a push service address.');

/** POST /api/push/subscriptions/ (a PushSubscription's toJSON()); DELETE takes the same body (only `endpoint` is needed). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: pushEndpoint,
  keys: z.object({
    p256dh: z.string().trim().min(1).max(200).regex(/^[A-Za-z0-9_=+/-]+$/, 'Not a base64 key.'),
    auth: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_=+/-]+$/, 'Not a base64 key.'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;
export const pushSubscriptionDeleteSchema = z.object({ endpoint: pushEndpoint });
export const pushSubscriptionResultSchema = z.object({ endpoint: z.string(), subscribed: z.boolean() }).meta({ id: 'PushSubscriptionResult' });

/**
 * What the service worker receives in a push (JSON): show `title`/`body`, open `url` on a tap.
 * `tag` lets a newer push about the same thing replace the older one.
 */
export const pushPayloadSchema = z.object({ id: z.number().int(), kind: z.enum(NOTIFICATION_KINDS), title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** GET /api/continue-watching/: started, not finished (over 10 s and under 95 %), newest first. */
export const continueWatchingItemSchema = z
  .object({
    video_id: z.number().int(),
    position: z.number().describe('Seconds'),
    duration: z.number().describe('Seconds'),
    title: z.string(),
    season: z.string().nullable(),
    poster: z.string().nullable().describe('The 480 px WebP poster'),
    updated_at: z.string(),
  })
  .meta({ id: 'ContinueWatchingItem' });
export type ContinueWatchingItem = z.infer<typeof continueWatchingItemSchema>;
export const continueWatchingListSchema = z
  .object({ results: z.array(continueWatchingItemSchema), hidden: z.number().int().describe('How many the family lock keeps back') })
  .meta({ id: 'ContinueWatchingList' });
export type ContinueWatchingList = z.infer<typeof continueWatchingListSchema>;

/** Back office: GET /api/admin/notifications/report/. */
export const notificationReportSchema = z
  .object({
    followers: z.object({
      djs: z.array(z.object({ id: z.number().int(), name: z.string(), followers: z.number().int() })),
      series: z.array(z.object({ id: z.string(), name: z.string(), followers: z.number().int() })),
    }),
    in_store: z.object({ made: z.number().int(), read: z.number().int() }),
    push: z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int(), removed: z.number().int() }),
    sms: z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
    subscriptions: z.number().int(),
  })
  .meta({ id: 'NotificationReport' });
export type NotificationReport = z.infer<typeof notificationReportSchema>;
