import http from 'node:http';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MemoryLocker } from '@tus/server';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Locker } from '@tus/server';
import { type MediaAccess, type MediaStore, registerPublicImages, createMediaAccess, createOwnedMedia, progressRoutes, registerMediaStreaming, openMediaStore } from './modules/media/index.ts';
import { type PayoutService, createPayoutService, payoutCallbackRoutes, payoutsAdminRoutes } from './modules/payouts/index.ts';
import { type Receipts, createReceipts } from './modules/receipts/index.ts';
import { ResponseCache } from './lib/response-cache.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerRequestTimeout } from './plugins/request-timeout.ts';
import { registerRouteTable } from './plugins/route-table.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { apiHeaders, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSites } from './plugins/sites.ts';
import { registerStorefrontPages, cachedAnswersFirst, catalogRoutes, searchRoutes } from './modules/catalog/index.ts';
import { FamilyLocks, familyRoutes, withholdLocked } from './modules/family/index.ts';
import { contentRoutes } from './modules/content/index.ts';
import { createMetrics, healthRoutes, metricsRoutes, poolOf } from './modules/health/index.ts';
import { createAccounts } from './modules/accounts/index.ts';
import { createMailer, type Mailer, queuedMailer } from './modules/mail/index.ts';
import { queuedSms, createSmsSender, type SmsSender } from './modules/sms/index.ts';
import { createPayments, type PaymentsOptions, type StandingOrderService } from './modules/payments/index.ts';
import { createCartService, createPurchaseService, createPaidOrders, purchaseSeller, orderRoutes, sellingAdminRoutes, createBundleService, bundleRoutes, bundleSeller, createBundleSales, defaultPreviewPricing, promoRoutes, promoGuessLimits, createGiftService, giftRoutes, createRentalService, rentalSeller, startRental, rentalRoutes, createGiftSales, createPassService, createPassRenewals, passSeller, passRoutes, countPassView, type PassRenewals } from './modules/selling/index.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { adminRoutes, createRedisLocker } from './modules/admin/index.ts';
import { reportRoutes } from './modules/reports/index.ts';
import { createNotifications, type Notifications } from './modules/notifications/index.ts';
import type { AfterWrite } from './lib/back-office/crud.ts';
import { guardBackOffice } from './plugins/auth.ts';
import { rateLimits } from './lib/rate-limits.ts';
import { words } from './lib/words.ts';
import { registerLanguages } from './plugins/languages.ts';
import { walletRoutes } from './modules/wallet/index.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Shared rate-limit counters and upload locks; absent keeps them in this process's memory. */
  redis?: Redis | undefined;
  /** Where mail goes; by default SMTP_URL or the outbox folder. */
  mailer?: Mailer;
  /**
   * Mail through the durable queue (a worker sends it, retrying with backoff): what server.ts and
   * the worker use. Off, mail goes straight to the transport (tests that read what was sent).
   */
  queueMail?: boolean;
  /** Where SMS goes; by default Africa's Talking (SMS_URL) or the sms-outbox folder. */
  sms?: SmsSender;
  payments?: PaymentsOptions;
}

/**
 * The built store: its Fastify app and the services its processes (background-tasks.ts) and tests
 * drive directly. Modules get what they use from here, not from decorators (decision 0049).
 */
export interface Store {
  app: FastifyInstance;
  /** The durable job queue: transcoding, mail, SMS, reconciliation, receipts, clean-ups. */
  jobQueue: JobQueue;
  /** Where media bytes live: DATA_DIR/media or a bucket (MEDIA_STORAGE_URL). */
  mediaStore: MediaStore;
  /** canAccess with recent "yes" answers remembered; forget() after a change that may take access away. */
  mediaAccess: MediaAccess;
  /** Locks on tus uploads: through Redis when configured, else in memory. */
  uploadLocker: Locker;
  /** Where mail and SMS really go; the queue's mail and sms jobs send through them. */
  mailTransport: Mailer;
  smsTransport: SmsSender;
  /** DJ payouts and refunds to M-Pesa by B2C; the check-payouts job runs its checkDue. */
  payouts: PayoutService;
  /** Tax receipts: the submitter the etims-submit job runs, the simulator's switch, the routes. */
  receipts: Receipts;
  /** M-Pesa Ratiba standing orders: what renews passes (decision 0050); purposes register their handlers. */
  standingOrders: StandingOrderService;
  /** One reconciler pass over pending deposits (the reconcile-deposits job). */
  reconcileDeposits: (now?: Date) => Promise<number>;
  /** Gives unclaimed gifts past their 30 days back to their givers (the return-gifts job); how many. */
  returnGifts: () => Promise<number>;
  /** Clears the public catalogue answers after a catalogue write. */
  catalogChanged: () => void;
  /** A customer's own notifications: the notify, notify-send and rentals-ending jobs' handlers. */
  notifications: Notifications;
  /** Passes' recurring work (the passes job): DJs paid for ended periods, reminders, renewal prompts. */
  passRenewals: PassRenewals;
}

/** The one composition root: external plugins, then app plugins, then each module built from what it is given, then its routes (docs/architecture.md). */
export async function buildStore({ config, database, redis, mailer, queueMail = false, sms, payments: paymentOptions }: AppDeps): Promise<Store> {
  const catalogCache = new ResponseCache();
  const familyLocks = new FamilyLocks();
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // JSON lines for machines, written asynchronously: at info Fastify logs two lines a
            // request, and written synchronously each was a system call on the request's path
            // (pino flushes what is buffered on exit). Readable lines for a person at a terminal
            // in development.
            ...(config.env === 'development' && process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : { stream: pino.destination({ dest: 1, sync: false }) }),
          },
    // Addresses, never true: with true Fastify takes the leftmost X-Forwarded-For entry, the client's own words.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
    // Cached catalogue answers go out before Fastify's routing and hooks (decision 0029); the
    // server is otherwise the one Fastify would make.
    serverFactory: (handler, options) => {
      const { keepAliveTimeout = 72_000, requestTimeout = 0, connectionTimeout = 0 } = options as FastifyServerOptions;
      const server = http.createServer(cachedAnswersFirst(catalogCache, familyLocks, apiHeaders(config.publicUrl), handler));
      Object.assign(server, { keepAliveTimeout, requestTimeout });
      server.setTimeout(connectionTimeout);
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('catalogCache', catalogCache);
  app.decorate('familyLocks', familyLocks);
  const mediaStore = openMediaStore(config);
  const uploadLocker = redis ? createRedisLocker(redis) : new MemoryLocker();
  if (redis) app.addHook('onClose', () => (uploadLocker as ReturnType<typeof createRedisLocker>).close());
  registerRouteTable(app);
  // Prometheus metrics (METRICS_TOKEN; off without it): every answer counted by its route pattern.
  const metrics = createMetrics({ token: config.metricsToken, db: database.db, pool: poolOf(database), poolSize: config.databasePoolSize, queryTimeoutMs: config.health.checkTimeoutMs });
  metrics.observeRequests(app);

  registerErrorHandler(app);
  registerRequestTimeout(app, config.requestTimeoutMs);
  registerLanguages(app);
  await registerSecurityHeaders(app);
  registerInputGuard(app);
  // Customers pay for every megabyte: JSON, HTML and scripts go out compressed. Brotli at a low
  // quality is fast enough for per-request bodies and still beats gzip.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'store-rl:' } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      detail: words('Too many requests. Try again in {seconds} seconds.', { seconds: Math.ceil(ctx.ttl / 1000) }),
    }),
  });
  await app.register(cookie);
  await registerOpenApi(app);
  const jobQueue = createJobQueue(database.db);
  const mailTransport = metrics.counted('mail', mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }));
  const smsTransport = metrics.counted('sms', sms ?? createSmsSender({ ...config.sms, dataDir: config.dataDir, log: app.log }));
  // Mail and SMS through the durable queue in the store's processes; straight to the transport in tests.
  const mail = queueMail ? queuedMailer(jobQueue) : mailTransport;
  const smsOut = queueMail ? queuedSms(jobQueue) : smsTransport;
  const accounts = createAccounts(app, {
    mailer: mail,
    sms: smsOut,
    mediaStore,
    depositHistory: (userId: number) => payments.deposits.history(userId),
    purchaseRecords: (userId: number) => purchases.records(userId),
    hideLocked: (request, records) => withholdLocked(request, records, (p) => [p.video_id]),
    limits: rateLimits(redis),
    listen: database.listen,
  });

  const catalogChanged = () => app.catalogCache.clear();
  // The simulator's phone page, which the storefront links to after an STK push in simulator mode.
  const simulatorPhone = config.mpesa.mode === 'simulator' ? '/mpesa-sim/phone' : null;
  // Orders paid with M-Pesa, by kind (selling/paid-orders.ts): each seller registers itself below.
  const onSale = metrics.saleCompleted;
  const paidOrders = createPaidOrders({ onSold: catalogChanged, onSale });
  // A visitor's paid prompt signs the asking browser in (CONTRACT §16): the refresh cookie with the login.
  const visitorSignIn = async (userId: number, reply: FastifyReply) => {
    const login = await accounts.signIn(userId);
    if (login) accounts.setRefreshCookie(reply, login.refresh);
    return login?.body ?? null;
  };
  const payments = await createPayments(app, { buyPaidOrder: paidOrders.buy, releasePaidOrder: paidOrders.release, limits: rateLimits(redis), visitorSignIn }, paymentOptions);
  const payouts = createPayoutService({ db: database.db, daraja: payments.daraja, publicUrl: config.publicUrl, log: app.log, firstCheckMs: config.mpesa.reconcileAfterMs, withholdingPercent: config.withholdingTaxPercent });
  const purchases = createPurchaseService({ db: database.db, deposits: payments.deposits, simulatorPhone, onCatalogChange: catalogChanged, onSale });
  const receipts = await createReceipts(app, { mailer: mail, sms: smsOut });
  paidOrders.register('bundle', bundleSeller);
  paidOrders.register('rental', rentalSeller);
  paidOrders.register('purchase', purchaseSeller);
  const rentals = createRentalService({ db: database.db, deposits: payments.deposits, simulatorPhone, onSale });
  const bundleSales = createBundleSales({ db: database.db, deposits: payments.deposits, simulatorPhone, onCatalogChange: catalogChanged, onSale });
  const gifts = createGiftService({ db: database.db, publicUrl: config.publicUrl, onCatalogChange: catalogChanged });
  const giftSales = createGiftSales({ db: database.db, deposits: payments.deposits, simulatorPhone, gifts, onSale });
  paidOrders.register('gift', giftSales.seller);
  paidOrders.register('pass', passSeller);
  const passes = createPassService({ db: database.db, deposits: payments.deposits, simulatorPhone, onSale, standingOrders: payments.standingOrders });
  const passRenewals = createPassRenewals({ db: database.db, deposits: payments.deposits, standingOrders: payments.standingOrders, log: app.log });
  // One count of promo code guesses for the preview and every sale that carries a code.
  const promoGuesses = promoGuessLimits(rateLimits(redis));
  const bundles = createBundleService(database.db);
  // Pushes and SMS go out through the notify-send job, which retries: SMS straight to the transport from there.
  const notifications = createNotifications({ db: database.db, config, sms: smsTransport, log: app.log });
  const mediaAccess = createMediaAccess(database.db, database.listen);
  app.addHook('onClose', () => mediaAccess.close());
  // Any back-office write may take media access away (a user deactivated, a video removed): this
  // process forgets its remembered answers at once, others when PostgreSQL tells them.
  const afterWrite: AfterWrite = ({ catalogue }) => {
    mediaAccess.forget();
    if (catalogue) catalogChanged();
  };
  const ownedMedia = createOwnedMedia({ db: database.db, secret: config.media.secret, ttlSeconds: config.media.urlTtlSeconds });
  await app.register(
    async (api) => {
      await api.register(healthRoutes({ jobQueue, engine: database.engine, readiness: { db: database.db, redis, mediaStore, dataDir: config.dataDir, settings: config.health } }));
      await api.register(catalogRoutes({ ownedMedia }));
      await api.register(searchRoutes);
      await api.register(contentRoutes);
      await api.register(accounts.routes);
      await api.register(payments.routes);
      await api.register(payoutCallbackRoutes(payouts));
      await api.register(walletRoutes);
      await api.register(receipts.routes);
      await api.register(familyRoutes({ limits: rateLimits(redis), phoneCodes: accounts.phoneCodes }));
      await api.register(orderRoutes({ purchases, cart: createCartService(database.db), promoGuesses }));
      await api.register(progressRoutes);
      await api.register(notifications.routes);
      await api.register(bundleRoutes({ bundles, sales: bundleSales, promoGuesses }));
      await api.register(giftRoutes({ gifts, sales: giftSales, promoGuesses }));
      await api.register(rentalRoutes({ rentals, promoGuesses }));
      await api.register(passRoutes({ passes, promoGuesses }));
      await api.register(promoRoutes({ pricing: defaultPreviewPricing({ bundles }), guesses: promoGuesses }));
      await api.register(
        async (office) => {
          guardBackOffice(office);
          await office.register(adminRoutes({ mediaStore, uploadLocker, payouts, recheckDeposit: payments.deposits.recheck, afterWrite }));
          await office.register(sellingAdminRoutes(afterWrite));
          await office.register(payoutsAdminRoutes({ payouts, withholdingPercent: config.withholdingTaxPercent, afterWrite, mailer: mail, sms: smsOut }));
          await office.register(reportRoutes({ vat: receipts.vat }));
          await office.register(receipts.adminRoutes);
          await office.register(notifications.adminRoutes);
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );
  await app.register(metricsRoutes(metrics, config.metricsToken));
  await registerPublicImages(app, mediaStore);
  await registerMediaStreaming(app, { mediaStore, mediaAccess, startRental, countPassView: countPassView(database.db) });
  await registerSites(app, registerStorefrontPages);
  return {
    app,
    jobQueue,
    mediaStore,
    mediaAccess,
    uploadLocker,
    mailTransport,
    smsTransport,
    payouts,
    receipts,
    standingOrders: payments.standingOrders,
    reconcileDeposits: (now?: Date) => payments.reconciler.tick(now),
    returnGifts: () => gifts.returnDue(),
    catalogChanged,
    notifications,
    passRenewals,
  };
}

/** The app alone, for callers that only send it requests. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  return (await buildStore(deps)).app;
}
