import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, HOME_CLUSTER } from '../../config/app-config.js';
import { runOnCluster } from '../../database/clusters/cluster-scope.js';
import { TransactionRunner } from '../../database/transaction.js';
import { ServerSecretsRepository } from './server-secrets.repository.js';

/** The name the generated key is kept under in `server_secrets`. */
const CART_TOKEN_SECRET = 'cart-token';

/** What a form token is signed over: the cart link, its quote, and how many times that quote's link was set. */
export interface CartFormSubject {
  cartLinkId: string;
  id: number;
  version: number;
}

/**
 * The form token of a cart page: HMAC-SHA256 of the cart link identifier, its quote's id and the
 * link's version (+1 whenever the link changes) under a server secret, in a hidden field, checked
 * on POST. A page from another site cannot make one without the secret, and a token is void once
 * its link changes, even if the link is later set back (or given to another quote).
 *
 * The secret is CART_SECRET; without it, a random one made once and kept in the database, which
 * every api host shares: a page served by one host is accepted by any other, and tokens outlive
 * restarts. Of two hosts making it at once the first write wins and both read the winner's. The
 * embedded database keeps it the same way (one code path, and the key travels with the data it
 * guards). A key an earlier version kept in DATA_DIR/cart-secret is the one offered, so pages open
 * in browsers during an upgrade stay acceptable.
 */
@Injectable()
export class CartTokens {
  private secret: Promise<Buffer> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly secrets: ServerSecretsRepository,
    private readonly tx: TransactionRunner,
  ) {}

  async sign(s: CartFormSubject): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`accept:${s.id}:${s.version}:${s.cartLinkId}`)
      .digest('base64url');
  }

  async verify(s: CartFormSubject, token: unknown): Promise<boolean> {
    if (typeof token !== 'string' || token.length > 100) return false;
    const expected = Buffer.from(await this.sign(s));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Read once per process; a failed read (the database away) is tried again by the next request. */
  private key(): Promise<Buffer> {
    if (this.config.cartSecret) return Promise.resolve(Buffer.from(this.config.cartSecret));
    // The deployment's secrets are the home cluster's, whichever cluster the store's data is on.
    this.secret ??= runOnCluster(HOME_CLUSTER, () => this.load()).catch((err: unknown) => {
      this.secret = null;
      throw err;
    });
    return this.secret;
  }

  private async load(): Promise<Buffer> {
    const m = this.tx.direct;
    let value = await this.secrets.find(m, CART_TOKEN_SECRET);
    if (value === null) {
      // Two statements, not one: after waiting for a concurrent offer, a statement of its own
      // (a new snapshot) is what sees the winner.
      await this.secrets.offer(m, CART_TOKEN_SECRET, (await this.earlierKey()) ?? randomBytes(32).toString('base64url'));
      value = await this.secrets.find(m, CART_TOKEN_SECRET);
      if (value === null) throw new Error('The cart-token secret was neither found nor kept.');
    }
    return Buffer.from(value);
  }

  /** DATA_DIR/cart-secret, where versions before the shared key kept it; null when absent or unusable. */
  private async earlierKey(): Promise<string | null> {
    try {
      const stored = (await readFile(join(this.config.dataDir, 'cart-secret'), 'utf8')).trim();
      return stored.length >= 32 ? stored : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
}
