import { isIP } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { appRoleName } from '../database/app-role.js';
import { isEmailAddress } from '../common/validation/email.js';
import { currencyProblem, localeProblem, mailFromProblem } from './store-settings.js';

/**
 * Typed, validated configuration (docs/api.md#processes-and-configuration). Every process reads this object, never process.env.
 * A bad value stops the process with one line naming the variable.
 */
export interface AppConfig {
  port: number;
  databaseUrl: string | null;
  /**
   * A direct session connection to the same database (DATABASE_DIRECT_URL, default DATABASE_URL),
   * for what needs a session of its own: the migration lock and LISTEN. DATABASE_URL may point at a
   * transaction-mode pooler; this should not. Null on the embedded database.
   */
  databaseDirectUrl: string | null;
  /**
   * Read replicas (DATABASE_REPLICA_URLS, comma-separated): an API key's GETs read from one that has
   * replayed the key's last write; writes and transactions always go to DATABASE_URL. Empty: none.
   */
  databaseReplicaUrls: string[];
  /** How far behind the primary a replica may fall before it serves nobody (DATABASE_REPLICA_MAX_LAG_SECONDS). */
  databaseReplicaMaxLagSeconds: number;
  /** Connections each process keeps to PostgreSQL (DATABASE_POOL_SIZE, default 20), and to each replica. */
  databasePoolSize: number;
  /** The role a store's statements run as (DATABASE_APP_ROLE, default `store_app`): src/database/app-role.ts. */
  databaseAppRole: string;
  /**
   * How long a request waits for a connection of the pool, and a new connection to open
   * (DATABASE_POOL_TIMEOUT_MS, default 5 s): then it is answered 503 with Retry-After rather than left hanging.
   */
  databasePoolTimeoutMs: number;
  /**
   * The PostgreSQL clusters beside DATABASE_URL (`home`) that stores may live on (DATABASE_CLUSTERS:
   * `name=postgres://…,name2=postgres://…`), each with its direct URL
   * (DATABASE_CLUSTER_<NAME>_DIRECT_URL, default its URL). Empty: every store on `home`.
   */
  databaseClusters: ClusterConfig[];
  /**
   * The Redis of the queue and the shared rate limits: REDIS_URL, or a master found through Sentinel
   * (REDIS_SENTINELS + REDIS_SENTINEL_NAME); null: neither (no queue, in-memory rate limits).
   * `redisConnectionOptions` (src/common/redis/redis-options.ts) turns it into ioredis options.
   */
  redis: RedisConfig | null;
  smtpUrl: string | null;
  /** MAIL_FROM as set; null: `no-reply@localhost` under STORE_NAME (see mailSender in src/modules/mail/mail-transport.service.ts). */
  mailFrom: string | null;
  /** Where the store is told what buyers did on their cart pages (STORE_EMAIL); null: nobody is. */
  storeEmail: string | null;
  /** Base of the links in quotes and e-mails; without STORE_URL, this api's own address (`http://localhost:<PORT>`). */
  storeUrl: string;
  /** The store's name on the buyer's cart page, its PDF and its e-mails (STORE_NAME). */
  storeName: string;
  /** The store's postal address, one entry per line (STORE_ADDRESS, lines separated by `|`); empty: none shown. */
  storeAddress: string[];
  /** The store's telephone number as written (STORE_PHONE); null: none shown. */
  storePhone: string | null;
  /**
   * Key of the cart page's form tokens (CART_SECRET, at least 32 characters); null: a random one
   * made once and kept in the database, so every host of a deployment signs with the same key.
   */
  cartSecret: string | null;
  /** Requests to the public cart pages per client address and minute; 0 turns the limit off. */
  cartRateLimitPerMinute: number;
  /**
   * Express's `trust proxy` (TRUST_PROXY): which X-Forwarded-For hops are believed when the client
   * address is taken (per-address limits, access logs). false (unset): the socket's address; a
   * number: that many proxies in front; true: every hop (only behind a proxy that overwrites the
   * header); a list: the addresses, CIDRs and names (`loopback`, `linklocal`, `uniquelocal`) of the proxies.
   */
  trustProxy: TrustProxy;
  dataDir: string;
  currency: string;
  locale: string;
  /**
   * The settings of the store `default` that the environment gives (STORE_NAME, STORE_URL, CURRENCY,
   * LOCALE, MAIL_FROM, STORE_EMAIL), as checked above; while one is set it is the store's, and
   * `PATCH /store` cannot change it (docs/api.md#stores).
   */
  defaultStoreFromEnv: DefaultStoreEnv;
  migrationsRun: boolean;
  templatesDir: string | null;
  /** A file the worker rewrites every few seconds while it runs (HEARTBEAT_FILE), for a container's liveness check; null: none. */
  heartbeatFile: string | null;
  /** Prefix of the Bull queues' Redis keys, so several deployments (or test runs) can share a Redis. */
  queuePrefix: string;
  /** Seconds between sweeps for deliveries that were queued but never picked up (Redis lost the job). */
  deliverySweepSeconds: number;
  /**
   * Lease of a claimed delivery (DELIVERY_LEASE_SECONDS, default 15): its holder renews it every
   * third of it while it lives, so the claims of a worker that died are taken over at most this
   * plus a third of it after the death (src/common/jobs).
   */
  deliveryLeaseSeconds: number;
  /** Wait before the first retry of a failed delivery; each further retry waits twice as long. */
  deliveryBackoffMs: number;
  /** Deliveries per send-quote job: claimed, rendered and recorded together (DELIVERY_BATCH_SIZE). */
  deliveryBatchSize: number;
  /** Send-quote jobs one worker process runs at once (WORKER_CONCURRENCY). */
  workerConcurrency: number;
  /** SMTP connections one process keeps open to SMTP_URL (SMTP_POOL_SIZE). */
  smtpPoolSize: number;
  /** Requests one API key may make per minute (shared by every api process through Redis); 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Basic-auth credentials of the queue dashboard (/admin/queues); null (both unset) turns the dashboard off. */
  admin: { user: string; password: string } | null;
  /** pino level of the api's and the worker's JSON logs. */
  logLevel: LogLevel;
  /**
   * API processes serving PORT (node:cluster): WEB_CONCURRENCY, default 1; `auto` is one per CPU on
   * PostgreSQL. The embedded database lives in one process, so it always runs exactly one.
   */
  webConcurrency: number;
  /** Port of the api's Prometheus metrics (GET /metrics); null (METRICS_PORT unset) turns them off. */
  metricsPort: number | null;
  /** Port of the worker's Prometheus metrics; null (WORKER_METRICS_PORT unset) turns them off. */
  workerMetricsPort: number | null;
  /**
   * Webhook URLs may reach private, loopback and link-local addresses (WEBHOOK_ALLOW_PRIVATE=true).
   * For development and tests only: in production it lets anyone with `webhooks:write` probe the
   * network the api runs in.
   */
  webhookAllowPrivate: boolean;
  /** How long an endpoint has to answer a delivery (WEBHOOK_TIMEOUT_MS, default 10 s). */
  webhookTimeoutMs: number;
  /** Wait before the first retry of a failed webhook delivery (WEBHOOK_BACKOFF_MS, default 30 s); doubles each time. */
  webhookBackoffMs: number;
  /** Pause of an idle webhook delivery loop before it looks for due deliveries again (WEBHOOK_POLL_MS). */
  webhookPollMs: number;
  /** Deliveries one claim takes (WEBHOOK_BATCH_SIZE). */
  webhookBatchSize: number;
  /** Claims one process works on at once (WEBHOOK_CONCURRENCY); batch × concurrency requests in flight at most. */
  webhookConcurrency: number;
  /**
   * Lease of a claimed webhook delivery (WEBHOOK_LEASE_SECONDS, default 15), renewed every third of
   * it while its process lives (also while a slow endpoint is answering), so a process that died
   * loses its claims at most this (plus the poll) after its death.
   */
  webhookLeaseSeconds: number;
  /** The largest import upload (IMPORT_MAX_BYTES, default 1 GiB): 413 above it, nothing kept. */
  importMaxBytes: number;
  /**
   * An upload that sends nothing for this long is cut (IMPORT_IDLE_SECONDS, default 60): 408, nothing kept.
   * Its total time is not capped, so 1 GiB may arrive at 1 MB/s.
   */
  importIdleSeconds: number;
  /** Where uploads are spooled while they arrive (IMPORT_SPOOL_DIR, default the system's temporary folder). */
  importSpoolDir: string;
  /** Lines an import applies per transaction (IMPORT_CHUNK_LINES, default 500, at most 1,000: a batch). */
  importChunkLines: number;
  /**
   * Bytes of lines an import applies per transaction at most (IMPORT_CHUNK_BYTES, default 2 MiB), so
   * a file of long lines keeps memory bounded; a chunk always takes one line, however long.
   */
  importChunkBytes: number;
  /**
   * Lease of a claimed import or export (BULK_LEASE_SECONDS, default 15), renewed every third of it
   * while its process lives; a job whose process died is taken over at most this plus BULK_POLL_MS later.
   */
  bulkLeaseSeconds: number;
  /** Pause of an idle process before it looks for queued imports and exports again (BULK_POLL_MS, default 1 s). */
  bulkPollMs: number;
  /**
   * How long a process works on one bulk job before it gives the job back, when another waits, and
   * takes the one that ran least recently (BULK_SLICE_MS, default 5 s; one chunk at least), so a small
   * job never waits for a large one to end.
   */
  bulkSliceMs: number;
  /** Days after an import or export ended that its lines, results or file are deleted (BULK_RETENTION_DAYS, default 7). */
  bulkRetentionDays: number;
}

type TrustProxy = boolean | number | string[];

/** Which process reads the configuration: a rule may hold for one of them only. */
export type ConfigRole = 'api' | 'worker' | 'cli';

/** A Redis reached at one address (REDIS_URL, `redis:` or `rediss:`). */
interface RedisUrlConfig {
  url: string;
}

/** A Redis master found through Sentinel, followed across failovers. */
interface RedisSentinelConfig {
  /** REDIS_SENTINELS, in order. */
  sentinels: { host: string; port: number }[];
  /** REDIS_SENTINEL_NAME: the master's name in the sentinels' `sentinel monitor`. */
  name: string;
  /** REDIS_PASSWORD: the master's (and its replicas') `requirepass`; null: none. */
  password: string | null;
  /** REDIS_SENTINEL_PASSWORD: the sentinels' own `requirepass`; null: none. */
  sentinelPassword: string | null;
}

export type RedisConfig = RedisUrlConfig | RedisSentinelConfig;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** One PostgreSQL cluster of DATABASE_CLUSTERS (docs/api.md#clusters). */
export interface ClusterConfig {
  /** `[a-z][a-z0-9_]{0,30}`, never `home` (DATABASE_URL's). */
  name: string;
  url: string;
  /** For the migration lock and a move's subscription (DATABASE_CLUSTER_<NAME>_DIRECT_URL, default `url`). */
  directUrl: string;
  /** Its read replicas (DATABASE_CLUSTER_<NAME>_REPLICA_URLS), as DATABASE_REPLICA_URLS are the home's. */
  replicaUrls: string[];
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
  }
}

type Env = Record<string, string | undefined>;

/** Which environment variable gives each setting of the store `default`, under its API name. */
export const DEFAULT_STORE_VARIABLES = {
  name: 'STORE_NAME',
  store_url: 'STORE_URL',
  currency: 'CURRENCY',
  locale: 'LOCALE',
  mail_from: 'MAIL_FROM',
  store_email: 'STORE_EMAIL',
} as const;

/** The store settings an environment gives the store `default`. */
export type DefaultStoreEnv = Partial<Record<keyof typeof DEFAULT_STORE_VARIABLES, string>>;

/** An e-mail address (one, plain `user@host`, as isEmailAddress takes it), or null when unset. */
function emailAddress(env: Env, name: string): string | null {
  const v = optional(env, name);
  if (v === null) return null;
  if (!isEmailAddress(v)) throw new ConfigError(name, `must be an e-mail address, got ${JSON.stringify(v)}`);
  return v;
}

/**
 * MAIL_FROM: an address, or a name and an address in `<>` (`Sales <sales@shop.example>`, the name
 * quoted when it holds a comma: `"Acme, Inc." <…>`). A control character anywhere (CR, LF: a header
 * of its own) stops the process, as does an address isEmailAddress refuses or a second `<`.
 */
function mailFrom(env: Env): string | null {
  const raw = env.MAIL_FROM;
  if (raw !== undefined && /\p{Cc}/u.test(raw)) throw new ConfigError('MAIL_FROM', 'must not contain control characters (CR, LF, tab …)');
  const v = optional(env, 'MAIL_FROM');
  if (v === null) return null;
  const problem = mailFromProblem(v);
  if (problem) throw new ConfigError('MAIL_FROM', problem);
  return v;
}

/** STORE_ADDRESS: lines separated by `|` (a newline separates them too); blank lines are dropped. */
function storeAddress(env: Env): string[] {
  const v = optional(env, 'STORE_ADDRESS');
  if (v === null) return [];
  const lines = v
    .split(/\s*(?:\||\r?\n)\s*/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length > 10 || lines.some((l) => l.length > 200))
    throw new ConfigError('STORE_ADDRESS', 'must be at most 10 lines (separated by "|") of at most 200 characters each');
  return lines;
}

/**
 * STORE_PHONE, checked loosely: an optional leading `+`, then digits with spaces, dots, dashes,
 * slashes or parentheses between them, 3 to 20 digits in all.
 */
function storePhone(env: Env): string | null {
  const v = optional(env, 'STORE_PHONE');
  if (v === null) return null;
  const digits = v.replace(/\D/g, '').length;
  if (!/^\+?[\d\s()./-]+$/.test(v) || digits < 3 || digits > 20)
    throw new ConfigError(
      'STORE_PHONE',
      `must be a telephone number (digits, optionally a leading + and spaces, dots, dashes, slashes or parentheses), got "${v}"`,
    );
  return v;
}

/** The store settings the environment sets, as loadConfig checked them. */
function defaultStoreFromEnv(env: Env): DefaultStoreEnv {
  const given: DefaultStoreEnv = {};
  for (const [field, variable] of Object.entries(DEFAULT_STORE_VARIABLES)) {
    const v = optional(env, variable);
    if (v !== null) given[field as keyof DefaultStoreEnv] = field === 'store_url' ? v.replace(/\/+$/, '') : v;
  }
  return given;
}

function optional(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const v = optional(env, name);
  if (v === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    throw new ConfigError(name, `must be a URL (${protocols.join(' or ')}), got "${v}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return v;
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const v = optional(env, name);
  if (v === null) return fallback;
  if (!/^\d{1,7}$/.test(v) || Number(v) < 1) throw new ConfigError(name, `must be a whole number of at least 1, got "${v}"`);
  return Number(v);
}

/** A size in bytes: a whole number of at least 1, up to 1 TiB. */
function byteCount(env: Env, name: string, fallback: number): number {
  const v = optional(env, name);
  if (v === null) return fallback;
  if (!/^\d{1,13}$/.test(v) || Number(v) < 1 || Number(v) > 1024 ** 4)
    throw new ConfigError(name, `must be a number of bytes from 1 to ${1024 ** 4}, got "${v}"`);
  return Number(v);
}

function boundedInt(env: Env, name: string, fallback: number, max: number): number {
  const v = optional(env, name);
  if (v === null) return fallback;
  if (!/^\d{1,7}$/.test(v) || Number(v) < 1 || Number(v) > max)
    throw new ConfigError(name, `must be a whole number from 1 to ${max}, got "${v}"`);
  return Number(v);
}

function nonNegativeInt(env: Env, name: string, fallback: number): number {
  const v = optional(env, name);
  if (v === null) return fallback;
  if (!/^\d{1,7}$/.test(v)) throw new ConfigError(name, `must be a whole number of at least 0, got "${v}"`);
  return Number(v);
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const v = optional(env, name);
  if (v === null) return fallback;
  if (/^(true|1|yes)$/i.test(v)) return true;
  if (/^(false|0|no)$/i.test(v)) return false;
  throw new ConfigError(name, `must be true or false, got "${v}"`);
}

export function loadConfig(env: Env = process.env, role: ConfigRole = 'api'): AppConfig {
  const portRaw = optional(env, 'PORT') ?? '3000';
  if (!/^\d+$/.test(portRaw) || Number(portRaw) > 65535) {
    throw new ConfigError('PORT', `must be an integer from 0 to 65535, got "${portRaw}"`);
  }
  const currency = optional(env, 'CURRENCY') ?? 'USD';
  const currencyWrong = currencyProblem(currency);
  if (currencyWrong) throw new ConfigError('CURRENCY', currencyWrong);
  const locale = optional(env, 'LOCALE') ?? 'en-US';
  const localeWrong = localeProblem(locale, currency);
  if (localeWrong) throw new ConfigError('LOCALE', localeWrong);
  const port = Number(portRaw);
  // Links point at this api unless told otherwise, so `PORT=3999 npm start` links to :3999.
  const storeUrl = url(env, 'STORE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  // A worker's e-mails link to STORE_URL/cart/…; its own default would be http://localhost:<PORT>,
  // a worker (which serves no HTTP) on whatever machine it runs: every buyer's link would be dead.
  if (role === 'worker' && smtpUrl !== null && optional(env, 'STORE_URL') === null)
    throw new ConfigError(
      'STORE_URL',
      `must be set when a worker sends e-mail (SMTP_URL is set): its cart links would otherwise point at ${storeUrl}, the worker's own machine`,
    );
  return {
    port,
    databaseUrl,
    databaseReplicaUrls: replicaUrls(env, databaseUrl),
    databaseReplicaMaxLagSeconds: boundedInt(env, 'DATABASE_REPLICA_MAX_LAG_SECONDS', 30, 3600),
    databasePoolSize: boundedInt(env, 'DATABASE_POOL_SIZE', 20, 1000),
    databaseAppRole: databaseAppRole(env),
    databasePoolTimeoutMs: boundedInt(env, 'DATABASE_POOL_TIMEOUT_MS', 5000, 600_000),
    databaseDirectUrl: databaseDirectUrl(env, databaseUrl),
    databaseClusters: databaseClusters(env, databaseUrl),
    redis: redisConfig(env),
    smtpUrl,
    mailFrom: mailFrom(env),
    storeEmail: emailAddress(env, 'STORE_EMAIL'),
    storeUrl: storeUrl.replace(/\/+$/, ''),
    storeName: optional(env, 'STORE_NAME') ?? 'Store',
    storeAddress: storeAddress(env),
    storePhone: storePhone(env),
    cartSecret: cartSecret(env),
    cartRateLimitPerMinute: nonNegativeInt(env, 'CART_RATE_LIMIT_PER_MINUTE', 60),
    trustProxy: trustProxy(env),
    dataDir: resolve(optional(env, 'DATA_DIR') ?? './data'),
    currency,
    locale,
    defaultStoreFromEnv: defaultStoreFromEnv(env),
    migrationsRun: flag(env, 'MIGRATIONS_RUN', true),
    templatesDir: optional(env, 'TEMPLATES_DIR') && resolve(optional(env, 'TEMPLATES_DIR')!),
    heartbeatFile: optional(env, 'HEARTBEAT_FILE') && resolve(optional(env, 'HEARTBEAT_FILE')!),
    queuePrefix: optional(env, 'QUEUE_PREFIX') ?? 'store',
    deliverySweepSeconds: positiveInt(env, 'DELIVERY_SWEEP_SECONDS', 30),
    deliveryLeaseSeconds: positiveInt(env, 'DELIVERY_LEASE_SECONDS', 15),
    deliveryBackoffMs: positiveInt(env, 'DELIVERY_BACKOFF_MS', 1000),
    deliveryBatchSize: boundedInt(env, 'DELIVERY_BATCH_SIZE', 50, 1000),
    workerConcurrency: boundedInt(env, 'WORKER_CONCURRENCY', 4, 100),
    smtpPoolSize: boundedInt(env, 'SMTP_POOL_SIZE', 5, 100),
    rateLimitPerMinute: nonNegativeInt(env, 'RATE_LIMIT_PER_MINUTE', 600),
    admin: adminCredentials(env),
    logLevel: logLevel(env),
    webConcurrency: webConcurrency(env, databaseUrl !== null),
    metricsPort: metricsPort(env, 'METRICS_PORT', port),
    workerMetricsPort: metricsPort(env, 'WORKER_METRICS_PORT', port),
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    webhookTimeoutMs: boundedInt(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 60_000),
    webhookBackoffMs: positiveInt(env, 'WEBHOOK_BACKOFF_MS', 30_000),
    webhookPollMs: boundedInt(env, 'WEBHOOK_POLL_MS', 500, 60_000),
    webhookBatchSize: boundedInt(env, 'WEBHOOK_BATCH_SIZE', 100, 1000),
    webhookConcurrency: boundedInt(env, 'WEBHOOK_CONCURRENCY', 4, 64),
    webhookLeaseSeconds: positiveInt(env, 'WEBHOOK_LEASE_SECONDS', 15),
    importMaxBytes: byteCount(env, 'IMPORT_MAX_BYTES', 1024 ** 3),
    importIdleSeconds: boundedInt(env, 'IMPORT_IDLE_SECONDS', 60, 3600),
    importSpoolDir: resolve(optional(env, 'IMPORT_SPOOL_DIR') ?? tmpdir()),
    importChunkLines: boundedInt(env, 'IMPORT_CHUNK_LINES', 500, 1000),
    importChunkBytes: byteCount(env, 'IMPORT_CHUNK_BYTES', 2 * 1024 ** 2),
    bulkLeaseSeconds: positiveInt(env, 'BULK_LEASE_SECONDS', 15),
    bulkPollMs: boundedInt(env, 'BULK_POLL_MS', 1000, 60_000),
    bulkSliceMs: boundedInt(env, 'BULK_SLICE_MS', 5000, 600_000),
    bulkRetentionDays: positiveInt(env, 'BULK_RETENTION_DAYS', 7),
  };
}

const SENTINEL_ONLY = ['REDIS_SENTINEL_NAME', 'REDIS_PASSWORD', 'REDIS_SENTINEL_PASSWORD'];

function redisConfig(env: Env): RedisConfig | null {
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const sentinels = optional(env, 'REDIS_SENTINELS');
  // Passwords are taken verbatim: one may well begin or end with a space.
  const secret = (name: string) => (env[name] ?? '') || null;
  if (sentinels === null) {
    const stray = SENTINEL_ONLY.find((name) => (env[name] ?? '').trim() !== '');
    if (stray) throw new ConfigError(stray, 'must be set only with REDIS_SENTINELS');
    return redisUrl === null ? null : { url: redisUrl };
  }
  if (redisUrl !== null) {
    throw new ConfigError('REDIS_SENTINELS', 'and REDIS_URL must not both be set: give the Sentinel addresses or one Redis address');
  }
  const name = optional(env, 'REDIS_SENTINEL_NAME');
  if (name === null)
    throw new ConfigError('REDIS_SENTINEL_NAME', 'must be set when REDIS_SENTINELS is (the master name the sentinels monitor)');
  return {
    sentinels: sentinels.split(',').map((entry) => sentinelAddress(entry.trim())),
    name,
    password: secret('REDIS_PASSWORD'),
    sentinelPassword: secret('REDIS_SENTINEL_PASSWORD'),
  };
}

/** `host:port` or `[ipv6]:port`; the port is required (a sentinel's default, 26379, is easy to forget to open). */
function sentinelAddress(entry: string): { host: string; port: number } {
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9._-]+)):(\d{1,5})$/.exec(entry);
  if (!m || Number(m[3]) < 1 || Number(m[3]) > 65535) {
    throw new ConfigError('REDIS_SENTINELS', `must be host:port pairs separated by commas, got "${entry}"`);
  }
  return { host: m[1] ?? m[2], port: Number(m[3]) };
}

/** A port of its own for metrics: never the API's, so /metrics is never exposed where the API is. */
function metricsPort(env: Env, name: string, apiPort: number): number | null {
  const v = optional(env, name);
  if (v === null) return null;
  if (!/^\d{1,5}$/.test(v) || Number(v) < 1 || Number(v) > 65535) throw new ConfigError(name, `must be a port from 1 to 65535, got "${v}"`);
  if (Number(v) === apiPort) throw new ConfigError(name, `must differ from PORT (${apiPort}): metrics are never served on the API's port`);
  return Number(v);
}

/** At most this many api processes, whatever WEB_CONCURRENCY says (each holds a pool of DATABASE_POOL_SIZE connections). */
const MAX_WEB_CONCURRENCY = 64;

function webConcurrency(env: Env, postgres: boolean): number {
  const v = optional(env, 'WEB_CONCURRENCY');
  if (v === null) return 1;
  if (v.toLowerCase() === 'auto') return postgres ? Math.min(availableParallelism(), MAX_WEB_CONCURRENCY) : 1;
  if (!/^\d{1,3}$/.test(v) || Number(v) < 1 || Number(v) > MAX_WEB_CONCURRENCY)
    throw new ConfigError('WEB_CONCURRENCY', `must be auto or a whole number from 1 to ${MAX_WEB_CONCURRENCY}, got "${v}"`);
  // PGlite is one process holding the data directory; a second process would corrupt or block it.
  if (Number(v) > 1 && !postgres)
    throw new ConfigError('WEB_CONCURRENCY', `must be 1 (or auto) with the embedded database; set DATABASE_URL to run ${v} api processes`);
  return Number(v);
}

/** DATABASE_REPLICA_URLS (or a cluster's `name` for them): PostgreSQL URLs, comma-separated; only beside DATABASE_URL (the primary). */
function replicaUrls(env: Env, primary: string | null, name = 'DATABASE_REPLICA_URLS'): string[] {
  const v = optional(env, 'DATABASE_REPLICA_URLS');
  if (v === null) return [];
  if (primary === null) throw new ConfigError(name, 'needs DATABASE_URL (the primary): the embedded database has no replicas');
  const urls = v
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  // Each one checked as DATABASE_URL is (a URL, postgres: or postgresql:).
  for (const u of urls) url({ [name]: u }, name, ['postgres:', 'postgresql:']);
  return [...new Set(urls)];
}

/** The name DATABASE_URL's cluster goes by. */
export const HOME_CLUSTER = 'home';

/** How many clusters, `home` included, a deployment may have: each hands out the ids of its own residue modulo this. */
const MAX_CLUSTERS = 16;

const CLUSTER_NAME = /^[a-z][a-z0-9_]{0,30}$/;

/**
 * DATABASE_CLUSTERS: `name=url` pairs, comma-separated; only beside DATABASE_URL (the home cluster,
 * which keeps the store directory); each with DATABASE_CLUSTER_<NAME>_DIRECT_URL and
 * DATABASE_CLUSTER_<NAME>_REPLICA_URLS, as DATABASE_URL has DATABASE_DIRECT_URL and DATABASE_REPLICA_URLS.
 */
function databaseClusters(env: Env, home: string | null): ClusterConfig[] {
  const v = optional(env, 'DATABASE_CLUSTERS');
  if (v === null) return [];
  const name = 'DATABASE_CLUSTERS';
  if (home === null) throw new ConfigError(name, 'needs DATABASE_URL (the home cluster): the embedded database is one cluster');
  const clusters: ClusterConfig[] = [];
  for (const pair of v.split(',').map((p) => p.trim())) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const cluster = at < 0 ? pair : pair.slice(0, at);
    if (at < 0 || !CLUSTER_NAME.test(cluster))
      throw new ConfigError(name, `must be name=postgres://… pairs, each name [a-z][a-z0-9_]{0,30}; got "${pair.slice(0, 80)}"`);
    if (cluster === HOME_CLUSTER) throw new ConfigError(name, `cannot name a cluster "${HOME_CLUSTER}": that is DATABASE_URL's`);
    if (clusters.some((c) => c.name === cluster)) throw new ConfigError(name, `names the cluster "${cluster}" twice`);
    const variable = (suffix: string) => `DATABASE_CLUSTER_${cluster.toUpperCase()}_${suffix}`;
    const clusterUrl = url({ [name]: pair.slice(at + 1) }, name, ['postgres:', 'postgresql:'])!;
    const direct = url(env, variable('DIRECT_URL'), ['postgres:', 'postgresql:']);
    const replicas = optional(env, variable('REPLICA_URLS'));
    clusters.push({
      name: cluster,
      url: clusterUrl,
      directUrl: direct ?? clusterUrl,
      replicaUrls: replicas === null ? [] : replicaUrls({ DATABASE_REPLICA_URLS: replicas }, clusterUrl, variable('REPLICA_URLS')),
    });
  }
  if (clusters.length + 1 > MAX_CLUSTERS)
    throw new ConfigError(name, `names ${clusters.length} clusters; at most ${MAX_CLUSTERS - 1} beside home`);
  return clusters;
}

function databaseAppRole(env: Env): string {
  const role = appRoleName(env);
  if ('problem' in role) throw new ConfigError('DATABASE_APP_ROLE', role.problem);
  return role.name;
}

function databaseDirectUrl(env: Env, databaseUrl: string | null): string | null {
  const v = url(env, 'DATABASE_DIRECT_URL', ['postgres:', 'postgresql:']);
  // The embedded database has no server to connect to: a direct URL without DATABASE_URL is a mistake.
  if (v !== null && databaseUrl === null) throw new ConfigError('DATABASE_DIRECT_URL', 'needs DATABASE_URL (PostgreSQL) to be set too');
  return v ?? databaseUrl;
}

function cartSecret(env: Env): string | null {
  const v = optional(env, 'CART_SECRET');
  if (v !== null && v.length < 32) throw new ConfigError('CART_SECRET', `must be at least 32 characters, got ${v.length}`);
  return v;
}

/** Names Express (proxy-addr) knows for address ranges. */
const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Express's `trust proxy` takes it, checked here so a typo stops the process at
 * start rather than failing the first request (proxy-addr throws on an address it cannot parse).
 */
function trustProxy(env: Env): TrustProxy {
  const v = optional(env, 'TRUST_PROXY');
  if (v === null || /^false$/i.test(v)) return false;
  if (/^true$/i.test(v)) return true;
  if (/^\d{1,3}$/.test(v)) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (!trustedProxyEntry(entry))
      throw new ConfigError(
        'TRUST_PROXY',
        `must be a hop count, true, false, or a comma-separated list of addresses, CIDRs, loopback, linklocal or uniquelocal; "${entry}" is none of these`,
      );
  }
  return entries;
}

function trustedProxyEntry(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true;
  const slash = entry.indexOf('/');
  if (slash < 0) return isIP(entry) !== 0;
  const [address, range] = [entry.slice(0, slash), entry.slice(slash + 1)];
  const family = isIP(address);
  if (family === 0) return false;
  if (/^\d{1,3}$/.test(range)) return Number(range) >= 1 && Number(range) <= (family === 4 ? 32 : 128);
  // An IPv4 netmask (10.0.0.0/255.0.0.0), which proxy-addr also takes: ones, then zeros, not all zeros.
  if (family !== 4 || isIP(range) !== 4) return false;
  const mask = range.split('.').reduce((bits, octet) => bits * 256 + Number(octet), 0);
  const zeros = 2 ** 32 - 1 - mask;
  return mask !== 0 && (zeros & (zeros + 1)) === 0;
}

const ADMIN_PASSWORD_MIN = 16;

function adminCredentials(env: Env): AppConfig['admin'] {
  // Not trimmed: a password may well begin or end with a space.
  const user = env.ADMIN_USER ?? '';
  const password = env.ADMIN_PASSWORD ?? '';
  if (user === '' && password === '') return null;
  if (user === '') throw new ConfigError('ADMIN_USER', 'must be set when ADMIN_PASSWORD is');
  if (password === '') throw new ConfigError('ADMIN_PASSWORD', 'must be set when ADMIN_USER is');
  // Basic auth sends "user:password", so a user name with a colon could never log in.
  if (user.includes(':')) throw new ConfigError('ADMIN_USER', 'must not contain ":"');
  // The dashboard retries, cleans and removes jobs: a password short enough to guess is refused at start.
  const length = [...password].length;
  if (length < ADMIN_PASSWORD_MIN)
    throw new ConfigError('ADMIN_PASSWORD', `must be at least ${ADMIN_PASSWORD_MIN} characters, got ${length}`);
  return { user, password };
}

function logLevel(env: Env): LogLevel {
  const v = optional(env, 'LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(v))
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${v}"`);
  return v as LogLevel;
}

/** Injection token for the AppConfig object. */
export const APP_CONFIG = Symbol('APP_CONFIG');
