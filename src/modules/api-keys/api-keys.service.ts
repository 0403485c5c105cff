import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { APP_CONFIG, type AppConfig, HOME_CLUSTER } from '../../config/app-config.js';
import { currentCluster, runOnCluster } from '../../database/clusters/cluster-scope.js';
import { Clusters } from '../../database/clusters/clusters.js';
import { ALL_SCOPES } from '../../common/auth/scopes.js';
import type { Principal } from '../../common/http/request-context.js';
import { timestamp } from '../../common/format/format.js';
import { uncounted } from '../../database/query-counter.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { ApiKey } from './api-key.entity.js';
import { StoreDirectory } from '../stores/store-directory.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { InvalidScopesError } from './invalid-scopes.error.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface CreatedApiKey {
  id: number;
  name: string;
  scopes: string[];
  access_token: string;
  expires_at: string | null;
}

/** How often `last_used_at` is written for one key; reads stay free of row-lock contention. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * How long a process trusts a cached key. While the process hears `api_key_changed` (PostgreSQL),
 * a revocation drops the key at once and this is only a safety net; otherwise (embedded database,
 * the listening connection lost, or a LISTEN that hears nothing) a key is checked again every second.
 */
const KEY_CACHE_LISTENING_MS = 60_000;
const KEY_CACHE_UNLISTENED_MS = 1_000;
const RELISTEN_AFTER_MS = 1_000;
/** How long the listener waits for its own test notification before it concludes that it hears nothing. */
const LISTEN_PROBE_TIMEOUT_MS = 2_000;
/** After a test notification went unheard, the listener tries again (quietly) this much later. */
const REPROBE_AFTER_MS = 300_000;
/**
 * While it listens, the listener proves again this often that it still hears. A connection that died
 * silently (a NAT or firewall dropped it: no reset, no FIN, TCP keepalive still minutes away) hears
 * nothing and says nothing; an unheard probe ends it, so a revocation is refused everywhere within
 * LISTEN_REPROBE_MS + LISTEN_PROBE_TIMEOUT_MS (4 s) even then, not after KEY_CACHE_LISTENING_MS.
 */
const LISTEN_REPROBE_MS = 2_000;
/**
 * Prefix of the listener's test notifications. The channel's other payloads are token hashes (64
 * hex digits), the keys of the cache; a colon can never be part of one.
 */
const PROBE_PREFIX = 'probe:';

interface CachedKey {
  principal: Principal;
  /** The key's own expiry (ms), or null. */
  expiresAt: number | null;
  /** When this process asks the database again (ms). */
  checkAfter: number;
  /** The cluster it was read on: a store that moved since has its keys read again there (docs/api.md#clusters). */
  cluster: string;
}

@Injectable()
export class ApiKeysService implements OnApplicationShutdown {
  private readonly logger = new Logger('ApiKeys');
  private readonly lastUsedWrites = new Map<number, number>();
  /** Valid keys by token hash; unknown tokens are never cached, so they cannot fill it. */
  private readonly cache = new Map<string, CachedKey>();
  /**
   * Counts the key changes this process heard (or made, or could have missed): a lookup caches its
   * answer only when no change came while it was in flight. Else a revocation heard during the
   * lookup (which read the row before it) would find nothing to drop and the old row would be
   * trusted for KEY_CACHE_LISTENING_MS.
   */
  private generation = 0;
  private listener: pg.Client | null = null;
  /** The listener heard its own test notification: key changes reach this process. */
  private listening = false;
  /** The test notification the listener waits for, and the timer that gives up on it. */
  private probe: { payload: string; timer: NodeJS.Timeout } | null = null;
  /** While listening: the timer of the next test notification. */
  private reprobe: NodeJS.Timeout | null = null;
  /** No new listener before this time (ms): after a test notification went unheard. */
  private listenAfter = 0;
  private warnedUnheard = false;
  private stopped = false;

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: ApiKeysRepository,
    private readonly stores: StoreDirectory,
    private readonly clusters: Clusters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const client = this.listener;
    this.listener = null;
    this.listening = false;
    this.endProbe();
    await client?.end().catch(() => undefined);
  }

  /** A key of `storeId` (default: the store `default`). */
  async create(input: { name: string; scopes?: string[]; expiresInDays?: number; storeId?: number }): Promise<CreatedApiKey> {
    // No list: every scope. An empty list is no request for `*`: refused.
    if (input.scopes !== undefined && input.scopes.length === 0) throw new InvalidScopesError('No scope given.');
    const scopes = input.scopes ? [...new Set(input.scopes)] : ['*'];
    const bad = scopes.filter((s) => !ALL_SCOPES.includes(s));
    if (bad.length) throw new InvalidScopesError(`Unknown scope(s): ${bad.join(', ')}. Known: ${ALL_SCOPES.join(', ')}`);
    const accessToken = `sk_${randomBytes(24).toString('base64url')}`;
    const expiresAt = input.expiresInDays !== undefined ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
    const storeId = input.storeId ?? this.stores.defaultStore().id;
    // On the store's cluster, where its requests look keys up.
    const key = await runOnCluster(this.stores.clusterOf(storeId), () =>
      this.repository.keys.insert(this.tx.direct, {
        store_id: storeId,
        name: input.name,
        token_hash: sha256(accessToken),
        scopes,
        expires_at: expiresAt,
      }),
    );
    return { id: key.id, name: key.name, scopes, access_token: accessToken, expires_at: timestamp(expiresAt) };
  }

  /** The keys of a store (default: the store `default`). */
  list(storeId = this.stores.defaultStore().id): Promise<ApiKey[]> {
    return runOnCluster(this.stores.clusterOf(storeId), () => this.repository.list(this.tx.direct, storeId));
  }

  /**
   * Returns false when there is no such key; revoking twice keeps the first time. A key is on its
   * store's cluster: each is asked in turn until one has it (ids are unique across clusters).
   */
  async revoke(id: number): Promise<boolean> {
    let revoked = false;
    for (const cluster of this.clusters.names) {
      revoked = await runOnCluster(cluster, () => this.repository.revoke(this.tx.direct, id));
      if (revoked) break;
    }
    // This process drops it now; the others hear of it through api_key_changed.
    this.generation++;
    for (const [hash, cached] of this.cache) if (cached.principal.apiKeyId === id) this.cache.delete(hash);
    return revoked;
  }

  /**
   * The key a token belongs to, if it is known, not revoked, not expired and a key of `storeId` (the
   * store the request's host names; another store's key is refused exactly as an unknown one): from
   * this process's cache when it has the key, else one query.
   */
  async authenticate(token: string, storeId: number): Promise<Principal | null> {
    const principal = await this.principalOf(token);
    return principal?.storeId === storeId ? principal : null;
  }

  private async principalOf(token: string): Promise<Principal | null> {
    const hash = sha256(token);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && now < cached.checkAfter && cached.cluster === currentCluster() && (cached.expiresAt === null || now < cached.expiresAt)) {
      this.touch(cached.principal.apiKeyId);
      return cached.principal;
    }
    if (!this.listener && !this.stopped && this.config.databaseDirectUrl && now >= this.listenAfter) this.listen();
    // Taken before the lookup: a change heard while it is in flight leaves its answer uncached.
    const generation = this.generation;
    const row = await this.repository.activeByTokenHash(this.tx.direct, hash);
    if (!row) {
      this.cache.delete(hash);
      return null;
    }
    const principal = {
      apiKeyId: row.id,
      storeId: row.store_id,
      name: row.name,
      scopes: row.scopes,
      createdAt: new Date(row.created_at).getTime(),
    };
    // Uncached when a change came meanwhile: the answer stands for this request (the key was valid
    // when read), the next one asks again.
    if (generation === this.generation) {
      this.cache.set(hash, {
        principal,
        expiresAt: row.expires_at ? new Date(row.expires_at).getTime() : null,
        // The listener hears the home cluster: a key whose store is on another is asked for again every second.
        checkAfter: Date.now() + (this.listening && currentCluster() === HOME_CLUSTER ? KEY_CACHE_LISTENING_MS : KEY_CACHE_UNLISTENED_MS),
        cluster: currentCluster(),
      });
    }
    this.touch(row.id);
    return principal;
  }

  /**
   * LISTEN api_key_changed on a connection of its own to DATABASE_DIRECT_URL: a revocation anywhere
   * (another api process, the cli, plain SQL — a trigger announces it) drops the key from this
   * process's cache. While the connection is down nothing is trusted for longer than
   * KEY_CACHE_UNLISTENED_MS.
   *
   * A LISTEN through a transaction-mode pooler answers OK and then hears nothing (the server session
   * it ran on goes back to the pool), so the listener first proves it hears: it announces a test
   * payload through the pool, a session of its own, and trusts keys for longer only once that
   * arrives. Sent on the listener's own connection, the pooler could run it on the very session
   * that listens, which would hear it and prove nothing.
   */
  private listen(): void {
    const client = new pg.Client({ connectionString: this.config.databaseDirectUrl!, keepAlive: true });
    this.listener = client;
    const lost = (err?: Error) => {
      if (this.listener !== client) return;
      this.listener = null;
      this.listening = false;
      this.endProbe();
      this.generation++;
      this.cache.clear();
      client.end().catch(() => undefined);
      if (err && !this.stopped)
        this.logger.warn(`Key changes are not heard (${err.message}); keys are checked every second until it reconnects.`);
      if (!this.stopped) setTimeout(() => this.listener || this.stopped || this.listen(), RELISTEN_AFTER_MS).unref();
    };
    client.on('notification', (msg) => {
      if (this.listener !== client || !msg.payload) return;
      if (!msg.payload.startsWith(PROBE_PREFIX)) {
        this.generation++;
        this.cache.delete(msg.payload);
      } else if (msg.payload === this.probe?.payload) this.heard(client);
      // Any other process's test notification: nothing to do.
    });
    client.on('error', lost);
    client.on('end', () => lost());
    this.lostListener = lost;
    client
      .connect()
      .then(() => this.repository.listenForChanges(client))
      .then(() => this.sendProbe(client))
      .catch((err: Error) => lost(err));
  }

  /** What ends the current listener as lost (its connection died), set by `listen`. */
  private lostListener: (err?: Error) => void = () => undefined;

  /**
   * Announces a test notification through the pool and waits LISTEN_PROBE_TIMEOUT_MS for the listener
   * to hear it: the first one proves that LISTEN works at all (not through a pooler), the later ones
   * that the connection is still alive.
   */
  private sendProbe(client: pg.Client): Promise<void> | undefined {
    this.reprobe = null;
    if (this.listener !== client) return;
    const payload = `${PROBE_PREFIX}${randomBytes(12).toString('hex')}`;
    this.probe = { payload, timer: setTimeout(() => this.unheard(client), LISTEN_PROBE_TIMEOUT_MS).unref() };
    // Background work, though the first request's authentication started it: not that request's statement.
    return uncounted(() => runOnCluster(HOME_CLUSTER, () => this.repository.announce(this.tx.direct, payload)));
  }

  /** The listener heard its test notification: a key change reaches this process at once. */
  private heard(client: pg.Client): void {
    this.endProbe();
    this.reprobe = setTimeout(() => this.sendProbe(client)?.catch((err: Error) => this.lostListener(err)), LISTEN_REPROBE_MS).unref();
    if (this.listening) return;
    // Keys cached before the listener was up may have changed meanwhile.
    this.generation++;
    this.cache.clear();
    this.listening = true;
    if (this.warnedUnheard) this.logger.log('Key changes are heard again.');
    this.warnedUnheard = false;
  }

  /**
   * The test notification did not come. A listener that heard before has died silently: it is ended
   * as lost (keys checked every second, a new listener a second later). One that never heard goes
   * through a pooler: given up, keys stay checked every second.
   */
  private unheard(client: pg.Client): void {
    if (this.listener !== client) return;
    if (this.listening)
      return this.lostListener(new Error(`no answer to its test notification within ${LISTEN_PROBE_TIMEOUT_MS / 1000} s`));
    this.probe = null;
    this.listener = null;
    this.listenAfter = Date.now() + REPROBE_AFTER_MS;
    client.end().catch(() => undefined);
    if (this.warnedUnheard) return;
    this.warnedUnheard = true;
    this.logger.warn(
      `Key changes are not heard: LISTEN api_key_changed got no test notification within ${LISTEN_PROBE_TIMEOUT_MS / 1000} s ` +
        '(does DATABASE_DIRECT_URL, default DATABASE_URL, go through a pooler? set DATABASE_DIRECT_URL to a direct PostgreSQL connection); ' +
        'cached keys are checked again every second.',
    );
  }

  private endProbe(): void {
    if (this.probe) clearTimeout(this.probe.timer);
    if (this.reprobe) clearTimeout(this.reprobe);
    this.probe = null;
    this.reprobe = null;
  }

  private touch(id: number): void {
    const now = Date.now();
    if (now - (this.lastUsedWrites.get(id) ?? 0) < LAST_USED_RESOLUTION_MS) return;
    this.lastUsedWrites.set(id, now);
    // Not awaited: recording use must never slow down or fail the request it belongs to.
    this.repository.recordUse(this.tx.direct, id).catch(() => this.lastUsedWrites.delete(id));
  }
}
