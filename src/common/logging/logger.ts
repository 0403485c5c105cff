import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogLevel } from '../../config/app-config.js';
import { currentRequestId } from './http-logging.js';

/**
 * Fields that carry credentials, wherever code logs an object holding them: request headers, API key
 * rows, SMTP settings. pino's wildcards reach one level each, hence the repeated shapes.
 */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'password',
  'sentinelPassword',
  'secret',
  'token',
  'access_token',
  'smtpUrl',
  'redisUrl',
  'databaseUrl',
  'databaseDirectUrl',
];
const REDACTED_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
  ...SECRET_FIELDS.map((f) => `*.*.${f}`),
  // AppConfig's `redis: { url }` (a URL may carry the password); `url` alone is too common a name.
  'redis.url',
  '*.redis.url',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
];

/**
 * The one pino logger of a process: JSON lines on stdout, ISO time, the level as a word.
 * `processName` tells the api's lines from the worker's when both go to one collector.
 */
export function createLogger(level: LogLevel, processName: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid, process: processName },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // Lines logged while a request is served carry its id (set by requestLogging).
      mixin: () => {
        const id = currentRequestId();
        return id === undefined ? {} : { request_id: id };
      },
    },
    // Synchronous: lines keep their order with what else a process prints (the quick start's banner,
    // a fatal error on stderr) and none is lost when it exits.
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** Nest's `logger: ['error', 'warn']` style (as the tests pass it) as a pino level: the most verbose one wins. */
export function levelOf(levels: false | string[]): LogLevel {
  if (levels === false) return 'silent';
  for (const [nest, level] of [
    ['verbose', 'trace'],
    ['debug', 'debug'],
    ['log', 'info'],
    ['warn', 'warn'],
    ['error', 'error'],
    ['fatal', 'fatal'],
  ] as const) {
    if (levels.includes(nest)) return level;
  }
  return 'silent';
}
