import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

/**
 * The form token of a cart page: HMAC-SHA256 of the cart link identifier under a server secret, in
 * a hidden field, checked on POST. A page from another site cannot make one without the secret.
 * The secret is CART_SECRET; without it, a random one kept in DATA_DIR/cart-secret (made once, on
 * first use, by whichever process of the machine gets there first), so tokens outlive a restart.
 * Several machines must share CART_SECRET.
 */
@Injectable()
export class CartTokens {
  private secret: Buffer | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  sign(cartLinkId: string): string {
    return createHmac('sha256', this.key()).update(`accept:${cartLinkId}`).digest('base64url');
  }

  verify(cartLinkId: string, token: unknown): boolean {
    if (typeof token !== 'string' || token.length > 100) return false;
    const expected = Buffer.from(this.sign(cartLinkId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private key(): Buffer {
    if (this.secret) return this.secret;
    if (this.config.cartSecret) return (this.secret = Buffer.from(this.config.cartSecret));
    const file = join(this.config.dataDir, 'cart-secret');
    if (!existsSync(file)) {
      mkdirSync(this.config.dataDir, { recursive: true });
      // Written whole under another name, then linked into place (atomic, and refused when the file
      // exists): of two processes starting together, one wins and both read the winner's secret.
      const draft = `${file}.${process.pid}.tmp`;
      writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
      try {
        linkSync(draft, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      } finally {
        unlinkSync(draft);
      }
    }
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length < 32) throw new Error(`${file} holds no usable secret; delete it to have a new one made`);
    return (this.secret = Buffer.from(stored));
  }
}
