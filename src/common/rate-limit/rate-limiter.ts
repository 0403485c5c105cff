import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { isIPv6 } from 'node:net';
import { ipv6Bytes } from '../net/ipv6.js';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { sendError } from '../http/envelope.js';
import { rateLimitRefusals } from '../metrics/metrics.js';
import { sendApiError } from '../http/exception.filter.js';
import { requestContext } from '../http/request-context.js';
import { MemoryRateLimitStore } from './memory-rate-limit.store.js';
import type { RateLimitStore, RateLimitWindow } from './rate-limit.store.js';
import { RedisRateLimitStore } from './redis-rate-limit.store.js';

const RATE_LIMIT_WINDOW_MS = 60_000;
/** Failed logins to the queue dashboard per client address and minute; the next attempt is refused (429). */
const ADMIN_LOGIN_FAILURES = 10;

/** How often a Redis outage is logged; every request in it passes unlimited. */
const WARN_EVERY_MS = 30_000;

/**
 * RATE_LIMIT_PER_MINUTE requests per API key in fixed 60-second windows, each starting with the
 * key's first request after the last one ended. In Redis when there is one (every api process
 * shares the budget), in memory otherwise. Mounted right after authentication, so every route,
 * OPTIONS and errors included, counts and carries the RateLimit-* headers, modules added later too.
 */
@Injectable()
export class RateLimiter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly store: RateLimitStore | null;
  private readonly limit: number;
  /** Requests per client address and minute to the public cart pages (CART_RATE_LIMIT_PER_MINUTE). */
  readonly addressLimit: number;
  private readonly prefix: string;
  private lastWarning = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limit = config.rateLimitPerMinute;
    this.addressLimit = config.cartRateLimitPerMinute;
    this.prefix = `${config.queuePrefix}:rate-limit:`;
    // The dashboard's failed logins are limited whatever the other limits say.
    if (this.limit === 0 && this.addressLimit === 0 && !config.admin) this.store = null;
    else if (config.redis) this.store = new RedisRateLimitStore(config.redis, (err) => this.warn(err));
    else this.store = new MemoryRateLimitStore();
  }

  /** False when RATE_LIMIT_PER_MINUTE is 0: the api then mounts no rate-limit step at all. */
  get enabled(): boolean {
    return this.limit > 0 && this.store !== null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.store instanceof RedisRateLimitStore) await this.store.ready(2000);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store?.close();
  }

  /** Counts one request of the key; null when the limit is off or its store cannot answer. */
  hit(apiKeyId: number): Promise<RateLimitWindow | null> {
    return this.limit > 0 ? this.count(`${this.prefix}${apiKeyId}`) : Promise.resolve(null);
  }

  /**
   * Counts one request from a client address to one store's public pages (they have no API key),
   * against `addressLimit`, each store's budget its own; null when that limit is off or the store of
   * the counts cannot answer.
   */
  hitAddress(address: string, storeId: number): Promise<RateLimitWindow | null> {
    return this.addressLimit > 0 ? this.count(`${this.prefix}address:${storeId}:${address}`) : Promise.resolve(null);
  }

  /**
   * Counts one login attempt to the queue dashboard from a client address, before its password is
   * looked at, so attempts racing each other are counted too: 30 at once, at most ADMIN_LOGIN_FAILURES
   * are tried. Resolves to the seconds until the address may try again when it is over the limit,
   * else null. Rejects when the count cannot be kept (Redis away): the login then fails closed.
   */
  async loginAttempt(address: string): Promise<number | null> {
    if (!this.store) return null;
    const window = await this.store.hit(this.loginKey(address), RATE_LIMIT_WINDOW_MS);
    return window.count > ADMIN_LOGIN_FAILURES ? Math.max(1, Math.ceil(window.resetMs / 1000)) : null;
  }

  /** Gives back the attempt of a login that succeeded: only failures use up an address's minute. */
  async loginSucceeded(address: string): Promise<void> {
    await this.store?.unhit(this.loginKey(address));
  }

  private loginKey(address: string): string {
    return `${this.prefix}admin-login:${clientNetwork(address)}`;
  }

  private async count(key: string): Promise<RateLimitWindow | null> {
    if (!this.store) return null;
    try {
      return await this.store.hit(key, RATE_LIMIT_WINDOW_MS);
    } catch (err) {
      // Failing open: an unreachable Redis must not take the whole API down with it.
      this.warn(err as Error);
      return null;
    }
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const principal = requestContext.get()?.principal;
      if (!principal || !this.enabled) return next();
      this.hit(principal.apiKeyId)
        .then((window) => {
          const reset = window && overLimit(res, window, this.limit);
          if (!reset) return next();
          rateLimitRefusals.inc();
          sendError(res, 429, `Rate limit exceeded: this API key may make ${this.limit} requests per minute; retry in ${reset} s.`, {
            'Retry-After': String(reset),
          });
        })
        .catch((err: unknown) => sendApiError(res, err));
    };
  }

  private warn(err: Error): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn(`Rate limits are not enforced while Redis cannot be reached: ${err.message}`);
  }
}

/**
 * Writes the RateLimit-* headers of a counted window; the seconds until it resets when the request
 * is over `limit` (the caller answers 429 with Retry-After), null when it may go on.
 */
export function overLimit(res: Response, window: RateLimitWindow, limit: number): number | null {
  const reset = Math.max(1, Math.ceil(window.resetMs / 1000));
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - window.count)));
  res.setHeader('RateLimit-Reset', String(reset));
  return window.count <= limit ? null : reset;
}

/**
 * The network a login limit counts a client address by: an IPv4 address as it is (an IPv4-mapped IPv6
 * address as its IPv4 one), an IPv6 address by its /64, the smallest network one subscriber is handed:
 * an attacker holding a /64 could otherwise take a fresh address for every ten guesses.
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return address;
  const b = ipv6Bytes(bare);
  const groups = [0, 2, 4, 6].map((i) => ((b[i] << 8) | b[i + 1]).toString(16).padStart(4, '0'));
  return `${groups.join(':')}::/64`;
}
