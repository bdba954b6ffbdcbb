import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { JWT_SECRET_FILE, KeptSecretError, keptSecret } from './lib/kept-secret.ts';
import type { S3Location } from './modules/media/index.ts';
import { readEtimsConfig, type EtimsConfig } from './modules/receipts/index.ts';

/** The secret every store used before it kept its own: it is in the source, so anyone can sign with it. */
const PUBLISHED_JWT_SECRET = 'development-only-secret-do-not-use-in-production';
/** TRUST_PROXY=true: a proxy on this host or a private network (proxy-addr's names for those ranges). */
const PRIVATE_PROXIES = 'loopback, linklocal, uniquelocal';

/** Every environment variable the server reads, with its default. The README lists the same. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Where the store writes everything: the embedded database, media, the mail outbox. A relative
   * path is taken from the repository root, so `npm start` (run in apps/server) and the CLIs (run
   * at the root) open the same store.
   */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL URL; unset means the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * How long a query waits for a PostgreSQL connection (a new one, or a free one of a busy pool)
   * before it fails and the customer is told to try again (503): a database that does not answer
   * is noticed in seconds, not when the operating system gives up on the connection.
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).default(5000),
  /**
   * PostgreSQL's statement_timeout for the web server's connections: a statement held up longer (a
   * lock held elsewhere, a runaway query) is cancelled and answered 503 instead of making the customer,
   * and everyone queued behind them, wait. 0: none. Migrations at start-up run under it too.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  /**
   * The longest an API request waits for its answer: past it the customer is answered 503 "try
   * again" (plugins/request-timeout.ts), never left hanging. Above the connection and statement
   * timeouts, so those answer first. Uploads and media streams are exempt. 0: none.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** The address customers use, for links in e-mails and share previews (default http://localhost:PORT). */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Create the demo catalogue on an empty store (never allowed in production). */
  DEMO_DATA: z.enum(['true', 'false']).optional(),
  /** Shared rate-limit counters for several instances; unset keeps them in memory. */
  REDIS_URL: z.string().url().optional(),
  /**
   * The reverse proxies in front, by address: `true` for any on this host or a private network, or a
   * comma-separated list of addresses and CIDR ranges. The client's address is the one the nearest
   * untrusted hop is, never the leftmost X-Forwarded-For entry, which any client can write.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'true, false, or proxy addresses and CIDR ranges separated by commas')
    .default('false'),
  /** Signs access and refresh tokens. Unset: one made on first start and kept in DATA_DIR (production needs it set). */
  JWT_SECRET: z
    .string()
    .min(32, 'JWT_SECRET must be at least 32 characters.')
    .refine((s) => s !== PUBLISHED_JWT_SECRET, 'This JWT_SECRET is published in the store’s source: choose your own, or leave it unset to have one made and kept in DATA_DIR.')
    .optional(),
  /** An SMTP server (smtp://user:pass@host:587); unset writes mail to DATA_DIR/outbox and the console. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Video Store Kenya <no-reply@videostore.co.ke>'),
  /** Africa's Talking's SMS endpoint (https://api.africastalking.com/version1/messaging); unset writes SMS to DATA_DIR/sms-outbox and the console. */
  SMS_URL: z.string().url().optional(),
  /** The Africa's Talking app's username ('sandbox' in its sandbox) and API key: both needed with SMS_URL. */
  SMS_USERNAME: z.string().min(1).optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  /** A registered sender id or short code; unset, the account's default. */
  SMS_FROM: z.string().min(1).max(11).optional(),
  /** Web Push's VAPID key pair (base64url, as web-push makes them); unset, a pair made on first start is kept in DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().min(80).max(100).optional(),
  VAPID_PRIVATE_KEY: z.string().min(40).max(50).optional(),
  /** The push services the store posts to (CONTRACT §15): host names, `*.` for a domain's hosts, or a loopback host:port for tests. */
  PUSH_SERVICE_HOSTS: z.string().default('fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com'),
  /** Login attempts one address may make per 10 minutes, whatever the account. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Failed logins for one account from one address per 15 minutes. */
  LOGIN_FAILURE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Password-reset requests one address may make per hour. */
  RESET_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Accounts one address may try to create per hour. */
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** M-Pesa PIN prompts (STK pushes) the store sends one phone number per 10 minutes, whoever asks. */
  MPESA_PROMPTS_PER_PHONE: z.coerce.number().int().min(1).default(5),
  /** simulator (the in-process Daraja at /mpesa-sim), sandbox or production (Safaricom). */
  MPESA_MODE: z.enum(['simulator', 'sandbox', 'production']).default('simulator'),
  MPESA_CONSUMER_KEY: z.string().default('simulator-consumer-key'),
  MPESA_CONSUMER_SECRET: z.string().default('simulator-consumer-secret'),
  MPESA_SHORTCODE: z.string().default('174379'),
  MPESA_PASSKEY: z.string().default('bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919'),
  MPESA_TRANSACTION_TYPE: z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']).default('CustomerPayBillOnline'),
  /** How the simulator ends prompts nobody answers, and after how long. */
  MPESA_SIM_AUTO: z.enum(['pay', 'cancel', 'timeout', 'off']).default('pay'),
  MPESA_SIM_DELAY_MS: z.coerce.number().int().min(0).default(4000),
  /** When an unanswered prompt expires, as M-Pesa's own do (ResultCode 1037). */
  MPESA_SIM_EXPIRE_MS: z.coerce.number().int().min(1000).default(30_000),
  /** B2C payouts (DJs, refunds to M-Pesa): the shortcode paid from, the initiator and its encrypted password. */
  MPESA_B2C_SHORTCODE: z.string().default('600000'),
  MPESA_INITIATOR_NAME: z.string().default('testapi'),
  MPESA_SECURITY_CREDENTIAL: z.string().default('simulator-security-credential'),
  /**
   * The secret path segment of the paybill's C2B confirmation and validation addresses (standing
   * order deductions, decision 0050): hex, at least 32 characters; unset derives one from JWT_SECRET.
   */
  MPESA_C2B_SECRET: z.string().regex(/^[0-9a-f]{32,128}$/, 'MPESA_C2B_SECRET must be 32 to 128 hex digits.').optional(),
  /** Withholding tax taken from DJs' earnings (CONTRACT §12), in percent. */
  WITHHOLDING_TAX_PERCENT: z.coerce.number().min(0).max(100).default(5),
  /** When the reconciler first asks M-Pesa about a deposit with no callback, and how often it looks. */
  MPESA_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(60_000),
  MPESA_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).default(15_000),
  /** Signs media addresses; unset derives one from JWT_SECRET (set both in production). */
  MEDIA_SECRET: z.string().min(32, 'MEDIA_SECRET must be at least 32 characters.').optional(),
  /** How long a signed media address works: long enough for a film, short enough to be useless when shared. */
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(24 * 3600).default(4 * 3600),
  /** Whether the web server also runs the light background jobs (mail, reconciliation, clean-ups); false leaves them to npm run worker. */
  JOBS_IN_PROCESS: z.enum(['true', 'false']).default('true'),
  /** Transcoding jobs this process runs at once; 0 leaves them to other processes (npm run worker). */
  MEDIA_WORKERS: z.coerce.number().int().min(0).max(16).default(2),
  /** The top of the HLS ladder and the download's height. */
  MEDIA_MAX_HEIGHT: z.coerce.number().int().min(240).max(2160).default(720),
  /** ffmpeg and ffprobe; unset uses the system's, else the binaries shipped in npm packages. */
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  /** s3://BUCKET[/PREFIX]: media in S3-compatible object storage; unset keeps it under DATA_DIR/media. */
  MEDIA_STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9!_.*'()/-]*)?$/, 'MEDIA_STORAGE_URL must look like s3://bucket or s3://bucket/prefix.')
    .optional(),
  /** The AWS SDK's own variables, read here so a mistake stops the start-up; unset keys use the SDK's default chain. */
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible server that is not AWS (Ceph RGW, MinIO, R2): addressed by path. */
  AWS_ENDPOINT_URL_S3: z.string().url().optional(),
  AWS_ENDPOINT_URL: z.string().url().optional(),
  /** How many demo videos get a generated clip on first start ("all" or a number). */
  DEMO_CLIPS: z.union([z.literal('all'), z.coerce.number().int().min(0)]).default('all'),
  /** Each check of GET /api/health/ready (the database, Redis, the bucket, the disk, the job queue) fails after this long. */
  HEALTH_CHECK_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(1000),
  /** Below this much free space in DATA_DIR the store is not ready (uploads, transcoding and PGlite need room). */
  READY_MIN_FREE_MB: z.coerce.number().int().min(0).default(1024),
  /** A due job waiting longer than this for a worker makes readiness warn (still 200): an alert, not a reason to stop serving. */
  READY_JOB_WARN_S: z.coerce.number().int().min(1).default(900),
  /** A bearer token for GET /metrics (Prometheus); unset, /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters.').optional(),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_WINDOW: z.string().default('10 minutes'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** PostgreSQL: the longest wait for a connection, and the web server's statement timeout (0: none). */
  databaseConnectTimeoutMs: number;
  databaseStatementTimeoutMs: number;
  /** An API request unanswered this long is answered 503 (0: never); uploads and media are exempt. */
  requestTimeoutMs: number;
  publicUrl: string;
  logLevel: string;
  demoData: boolean;
  redisUrl: string | undefined;
  /** The proxies whose X-Forwarded-For entries are believed (proxy-addr's names and ranges), or none. */
  trustProxy: string | false;
  contactRateLimit: { max: number; timeWindow: string };
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Africa's Talking when url is set; else DATA_DIR/sms-outbox. */
  sms: { url: string | undefined; username: string | undefined; apiKey: string | undefined; from: string | undefined };
  /** Web Push (modules/notifications): the services posted to, and VAPID keys when set (else kept in DATA_DIR). */
  push: { serviceHosts: string[]; vapid: { publicKey: string; privateKey: string } | null };
  loginRateLimit: number;
  loginFailureLimit: number;
  resetRateLimit: number;
  registerRateLimit: number;
  mpesaPromptsPerPhone: number;
  mpesa: {
    mode: 'simulator' | 'sandbox' | 'production';
    baseUrl: string;
    consumerKey: string;
    consumerSecret: string;
    shortcode: string;
    passkey: string;
    transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
    simAuto: 'pay' | 'cancel' | 'timeout' | 'off';
    simDelayMs: number;
    simExpireMs: number;
    reconcileAfterMs: number;
    reconcileIntervalMs: number;
    b2cShortcode: string;
    initiatorName: string;
    securityCredential: string;
    /** The secret in /api/paybill/confirmation/<secret> and /api/paybill/validation/<secret>. */
    c2bSecret: string;
  };
  withholdingTaxPercent: number;
  /** The web server runs mail, reconciliation and clean-up jobs itself. */
  jobsInProcess: boolean;
  media: {
    secret: string;
    urlTtlSeconds: number;
    workers: number;
    maxHeight: number;
    ffmpegPath: string | undefined;
    ffprobePath: string | undefined;
    demoClips: number;
    /** A bucket for media; undefined keeps it under DATA_DIR/media. */
    storage: S3Location | undefined;
  };
  /** Where the built storefront and back office are; null in tests that serve only the API. */
  webDist: string | null;
  adminDist: string | null;
  /** Tax receipts through KRA's eTIMS (ETIMS_*; modules/receipts/config.ts). */
  etims: EtimsConfig;
  /** GET /api/health/ready: each check's time bound, the least free space, when the job queue warns. */
  health: { checkTimeoutMs: number; minFreeMb: number; jobWarnS: number };
  /** The bearer token GET /metrics asks for; undefined turns metrics off (404). */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {}

function mediaStorage(e: z.infer<typeof envSchema>): S3Location | undefined {
  if (!e.MEDIA_STORAGE_URL) return undefined;
  const [bucket, ...rest] = e.MEDIA_STORAGE_URL.slice('s3://'.length).split('/');
  const prefix = rest.filter(Boolean).join('/');
  return {
    bucket: bucket!,
    prefix: prefix ? `${prefix}/` : '',
    region: e.AWS_REGION,
    endpoint: e.AWS_ENDPOINT_URL_S3 ?? e.AWS_ENDPOINT_URL,
    credentials: e.AWS_ACCESS_KEY_ID ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY!, sessionToken: e.AWS_SESSION_TOKEN } : undefined,
  };
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const demoData = e.DEMO_DATA ? e.DEMO_DATA === 'true' : !production;
  if (production && demoData) throw new ConfigError('DEMO_DATA cannot be on in production.');
  if (production && !e.JWT_SECRET) throw new ConfigError('Set JWT_SECRET: production needs a secret of its own, the same on every instance.');
  if (production && e.MPESA_MODE === 'simulator') throw new ConfigError('Set MPESA_MODE to sandbox or production: the simulator cannot run in production.');
  if (e.SMS_URL && !(e.SMS_USERNAME && e.SMS_API_KEY)) throw new ConfigError('Set SMS_USERNAME and SMS_API_KEY with SMS_URL (Africa’s Talking’s app username and API key), or unset SMS_URL to write SMS to DATA_DIR/sms-outbox.');
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) throw new ConfigError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is then kept in DATA_DIR).');
  if (!e.AWS_ACCESS_KEY_ID !== !e.AWS_SECRET_ACCESS_KEY) throw new ConfigError('Set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither.');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const etims = readEtimsConfig(env, { production, publicUrl });
  if ('error' in etims) throw new ConfigError(etims.error);
  // Unset: a secret of this process only, until loadStoreConfig puts the store's kept one in its place.
  const jwtSecret = e.JWT_SECRET ?? randomBytes(48).toString('base64url');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    demoData,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY === 'true' ? PRIVATE_PROXIES : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    contactRateLimit: { max: e.CONTACT_RATE_LIMIT, timeWindow: e.CONTACT_RATE_WINDOW },
    jwtSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms: { url: e.SMS_URL, username: e.SMS_USERNAME, apiKey: e.SMS_API_KEY, from: e.SMS_FROM },
    push: {
      serviceHosts: e.PUSH_SERVICE_HOSTS.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
      vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null,
    },
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    loginFailureLimit: e.LOGIN_FAILURE_LIMIT,
    resetRateLimit: e.RESET_RATE_LIMIT,
    registerRateLimit: e.REGISTER_RATE_LIMIT,
    mpesaPromptsPerPhone: e.MPESA_PROMPTS_PER_PHONE,
    mpesa: {
      mode: e.MPESA_MODE,
      baseUrl: { simulator: `${publicUrl}/mpesa-sim`, sandbox: 'https://sandbox.safaricom.co.ke', production: 'https://api.safaricom.co.ke' }[e.MPESA_MODE],
      consumerKey: e.MPESA_CONSUMER_KEY,
      consumerSecret: e.MPESA_CONSUMER_SECRET,
      shortcode: e.MPESA_SHORTCODE,
      passkey: e.MPESA_PASSKEY,
      transactionType: e.MPESA_TRANSACTION_TYPE,
      simAuto: e.MPESA_SIM_AUTO,
      simDelayMs: e.MPESA_SIM_DELAY_MS,
      simExpireMs: e.MPESA_SIM_EXPIRE_MS,
      reconcileAfterMs: e.MPESA_RECONCILE_AFTER_MS,
      reconcileIntervalMs: e.MPESA_RECONCILE_INTERVAL_MS,
      b2cShortcode: e.MPESA_B2C_SHORTCODE,
      initiatorName: e.MPESA_INITIATOR_NAME,
      securityCredential: e.MPESA_SECURITY_CREDENTIAL,
      c2bSecret: e.MPESA_C2B_SECRET ?? c2bSecretFrom(jwtSecret),
    },
    withholdingTaxPercent: e.WITHHOLDING_TAX_PERCENT,
    jobsInProcess: e.JOBS_IN_PROCESS === 'true',
    media: {
      secret: e.MEDIA_SECRET ?? mediaSecretFrom(jwtSecret),
      urlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
      workers: e.MEDIA_WORKERS,
      maxHeight: e.MEDIA_MAX_HEIGHT,
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
      demoClips: e.DEMO_CLIPS === 'all' ? Number.POSITIVE_INFINITY : e.DEMO_CLIPS,
      storage: mediaStorage(e),
    },
    webDist: path.join(repoRoot, 'apps/web/dist'),
    adminDist: path.join(repoRoot, 'apps/admin/dist'),
    etims,
    health: { checkTimeoutMs: e.HEALTH_CHECK_TIMEOUT_MS, minFreeMb: e.READY_MIN_FREE_MB, jobWarnS: e.READY_JOB_WARN_S },
    metricsToken: e.METRICS_TOKEN,
  };
}

/** Hex on purpose: Daraja refuses an address that spells 'sql', 'cmd', 'exec' or 'mpesa' (lib/callback-secret.ts). */
function c2bSecretFrom(jwtSecret: string) {
  return createHmac('sha256', jwtSecret).update('mpesa-c2b-addresses').digest('hex');
}

function mediaSecretFrom(jwtSecret: string) {
  return createHmac('sha256', jwtSecret).update('media-addresses').digest('base64url');
}

/**
 * The configuration a store process starts with (`npm start`, `npm run worker`, the CLIs): as
 * loadConfig, and when no JWT_SECRET is given, the secret kept in DATA_DIR, made on the first start
 * (never a published one: a store listening on every interface would take tokens anyone can sign).
 * Every process on the same DATA_DIR reads the same file, so they agree; machines that do not share
 * DATA_DIR need JWT_SECRET set alike. MEDIA_SECRET, unless given, derives from it as before.
 */
export function loadStoreConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(env);
  if (env.JWT_SECRET) return config;
  let jwtSecret: string;
  try {
    jwtSecret = keptSecret(config.dataDir, JWT_SECRET_FILE, 32);
  } catch (err) {
    if (err instanceof KeptSecretError) throw new ConfigError(`${err.message} Set JWT_SECRET, or let the store write to DATA_DIR.`);
    throw err;
  }
  return { ...config, jwtSecret, media: { ...config.media, secret: env.MEDIA_SECRET ?? mediaSecretFrom(jwtSecret) }, mpesa: { ...config.mpesa, c2bSecret: env.MPESA_C2B_SECRET ?? c2bSecretFrom(jwtSecret) } };
}
