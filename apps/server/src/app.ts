import http from 'node:http';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MemoryLocker } from '@tus/server';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { ResponseCache } from './lib/response-cache.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerRouteTable } from './plugins/route-table.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { apiHeaders, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSites } from './plugins/sites.ts';
import { registerStorefrontPages } from './modules/catalog/storefront-pages.ts';
import { cachedAnswersFirst } from './modules/catalog/cached-answer.ts';
import { FamilyLocks } from './modules/family/lock-states.ts';
import { familyRoutes } from './modules/family/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { searchRoutes } from './modules/catalog/search-routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { registerPublicImages } from './modules/media/routes.ts';
import { createAccounts } from './modules/accounts/index.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { queuedMailer } from './modules/mail/queued-mailer.ts';
import { createReceipts, type ReceiptsOptions } from './modules/receipts/index.ts';
import { queuedSms } from './modules/sms/queued-sms.ts';
import { createSmsSender, type SmsSender } from './modules/sms/sms-sender.ts';
import { createPayments, type PaymentsOptions } from './modules/payments/index.ts';
import { payoutCallbackRoutes } from './modules/payouts/routes.ts';
import { createPayoutService } from './modules/payouts/payout-service.ts';
import { createCartService } from './modules/selling/purchases/cart-service.ts';
import { createPurchaseService } from './modules/selling/purchases/purchase-service.ts';
import { createPaidOrders } from './modules/selling/paid-orders.ts';
import { purchaseSeller } from './modules/selling/purchases/purchase-seller.ts';
import { orderRoutes } from './modules/selling/purchases/routes.ts';
import { createMediaAccess } from './modules/media/access.ts';
import { createOwnedMedia } from './modules/media/owned-media.ts';
import { progressRoutes } from './modules/media/progress-routes.ts';
import { registerMediaStreaming } from './modules/media/stream-routes.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { openMediaStore } from './modules/media/storage/index.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { createRedisLocker } from './modules/admin/upload-locker.ts';
import { rateLimits } from './lib/rate-limits.ts';
import { words } from './lib/words.ts';
import { registerLanguages } from './plugins/languages.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { createBundleService } from './modules/selling/bundles/bundle-service.ts';
import { bundleRoutes } from './modules/selling/bundles/routes.ts';
import { bundleSeller, createBundleSales } from './modules/selling/bundles/bundle-seller.ts';
import { defaultPreviewPricing } from './modules/selling/promo-codes/preview-pricing.ts';
import { promoRoutes } from './modules/selling/promo-codes/routes.ts';
import { promoGuessLimits } from './modules/selling/promo-codes/guess-limits.ts';
import { createGiftService } from './modules/selling/gifts/gift-service.ts';
import { giftRoutes } from './modules/selling/gifts/routes.ts';
import { createRentalService, rentalSeller, startRental } from './modules/selling/rentals/rental-service.ts';
import { rentalRoutes } from './modules/selling/rentals/routes.ts';
import { createGiftSales } from './modules/selling/gifts/gift-seller.ts';

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
  /** How the eTIMS client reaches eTIMS (tests route it in-process). */
  receipts?: ReceiptsOptions;
}

/** The one composition root: external plugins, then app plugins, then each module built from what it is given, then its routes (docs/architecture.md). */
export async function buildApp({ config, database, redis, mailer, queueMail = false, sms, payments: paymentOptions, receipts: receiptOptions }: AppDeps): Promise<FastifyInstance> {
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
  app.decorate('dbEngine', database.engine);
  app.decorate('catalogCache', catalogCache);
  app.decorate('familyLocks', familyLocks);
  app.decorate('mediaStore', openMediaStore(config));
  if (redis) {
    const locker = createRedisLocker(redis);
    app.decorate('uploadLocker', locker);
    app.addHook('onClose', () => locker.close());
  } else {
    app.decorate('uploadLocker', new MemoryLocker());
  }
  registerRouteTable(app);

  registerErrorHandler(app);
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
  app.decorate('mediaJobs', jobQueue);
  app.decorate('mailTransport', mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }));
  app.decorate('smsTransport', sms ?? createSmsSender({ ...config.sms, dataDir: config.dataDir, log: app.log }));
  const accounts = createAccounts(app, {
    mailer: queueMail ? queuedMailer(jobQueue) : app.mailTransport,
    limits: rateLimits(redis),
    listen: database.listen,
  });

  const catalogChanged = () => app.catalogCache.clear();
  // The simulator's phone page, which the storefront links to after an STK push in simulator mode.
  const simulatorPhone = config.mpesa.mode === 'simulator' ? '/mpesa-sim/phone' : null;
  // Orders paid with M-Pesa, by kind (selling/paid-orders.ts): each seller registers itself below.
  const paidOrders = createPaidOrders({ onSold: catalogChanged });
  const payments = await createPayments(app, { buyPaidOrder: paidOrders.buy, releasePaidOrder: paidOrders.release, limits: rateLimits(redis) }, paymentOptions);
  app.decorate('reconcileDeposits', (now?: Date) => payments.reconciler.tick(now));
  app.decorate('depositHistory', (userId: number) => payments.deposits.history(userId));
  app.decorate('recheckDeposit', payments.deposits.recheck);
  const payouts = createPayoutService({ db: database.db, daraja: payments.daraja, publicUrl: config.publicUrl, log: app.log, firstCheckMs: config.mpesa.reconcileAfterMs, withholdingPercent: config.withholdingTaxPercent });
  app.decorate('payouts', payouts);
  const purchases = createPurchaseService({ db: database.db, deposits: payments.deposits, simulatorPhone, onCatalogChange: catalogChanged });
  app.decorate('purchaseRecords', (userId: number) => purchases.records(userId));
  const receipts = await createReceipts(app, { mailer: queueMail ? queuedMailer(jobQueue) : app.mailTransport, sms: queueMail ? queuedSms(jobQueue) : app.smsTransport }, receiptOptions);
  app.decorate('receipts', receipts);
  paidOrders.register('bundle', bundleSeller);
  paidOrders.register('rental', rentalSeller);
  paidOrders.register('purchase', purchaseSeller);
  const rentals = createRentalService({ db: database.db, deposits: payments.deposits, simulatorPhone });
  const bundleSales = createBundleSales({ db: database.db, deposits: payments.deposits, simulatorPhone, onCatalogChange: catalogChanged });
  const gifts = createGiftService({ db: database.db, publicUrl: config.publicUrl, onCatalogChange: catalogChanged });
  app.decorate('returnGifts', () => gifts.returnDue());
  const giftSales = createGiftSales({ db: database.db, deposits: payments.deposits, simulatorPhone, gifts });
  paidOrders.register('gift', giftSales.seller);
  // One count of promo code guesses for the preview and every sale that carries a code.
  const promoGuesses = promoGuessLimits(rateLimits(redis));
  const bundles = createBundleService(database.db);
  const mediaAccess = createMediaAccess(database.db, database.listen);
  app.decorate('mediaAccess', mediaAccess);
  app.addHook('onClose', () => mediaAccess.close());
  app.decorate('ownedMedia', createOwnedMedia({ db: database.db, secret: config.media.secret, ttlSeconds: config.media.urlTtlSeconds }));
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogRoutes);
      await api.register(searchRoutes);
      await api.register(contentRoutes);
      await api.register(accounts.routes);
      await api.register(payments.routes);
      await api.register(payoutCallbackRoutes(payouts));
      await api.register(walletRoutes);
      await api.register(receipts.routes);
      await api.register(familyRoutes({ limits: rateLimits(redis) }));
      await api.register(orderRoutes({ purchases, cart: createCartService(database.db), promoGuesses }));
      await api.register(progressRoutes);
      await api.register(bundleRoutes({ bundles, sales: bundleSales, promoGuesses }));
      await api.register(giftRoutes({ gifts, sales: giftSales, promoGuesses }));
      await api.register(rentalRoutes({ rentals, promoGuesses }));
      await api.register(promoRoutes({ pricing: defaultPreviewPricing({ bundles }), guesses: promoGuesses }));
      await api.register(adminRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );
  await registerPublicImages(app);
  await registerMediaStreaming(app, startRental);
  await registerSites(app, registerStorefrontPages);
  return app;
}
