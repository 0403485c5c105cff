import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { TransactionRunner } from '../../database/transaction.js';
import { ApiKeysService } from '../api-keys/api-keys.service.js';
import { DemoRepository } from './demo.repository.js';
import { seedGeography } from './seeds/geography.seed.js';
import { seedCatalog } from './seeds/catalog.seed.js';
import { seedCustomers } from './seeds/customers.seed.js';
import { seedCustomFields } from './seeds/custom-fields.seed.js';
import { seedTax } from './seeds/tax.seed.js';
import { seedDemoOrder } from './seeds/order.seed.js';
import { seedDemoQuote } from './seeds/quote.seed.js';
import { QuotesService } from '../quotes/quotes.service.js';
import { OrdersService } from '../orders/orders.service.js';
import { ReviewsService } from '../reviews/reviews.service.js';
import { seedDemoReviews } from './seeds/reviews.seed.js';
import { StoreDirectory } from '../stores/store-directory.js';

/** Each seed adds what is missing and leaves existing rows alone, so seeding twice changes nothing. */
type DemoSeed = (m: EntityManager) => Promise<string>;
const SEEDS: DemoSeed[] = [seedGeography, seedTax, seedCatalog, seedCustomers, seedCustomFields];

@Injectable()
export class DemoSeeder {
  private readonly logger = new Logger('Demo');

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: DemoRepository,
    private readonly keys: ApiKeysService,
    private readonly moduleRef: ModuleRef,
    private readonly stores: StoreDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Loads the demo data in one transaction, then a demo quote priced by the quotes service (its
   * own transaction, as any quote), a demo order made from another and the demo reviews (through the
   * reviews service, after the order, so Ada's is a verified purchase); returns one line per seed.
   */
  async seed(): Promise<string[]> {
    // The demo is the store `default`'s.
    return this.stores.runAs(this.stores.defaultStore().id, () => this.seedDefault());
  }

  private async seedDefault(): Promise<string[]> {
    const lines = await this.tx.run(async (m) => {
      const out: string[] = [];
      for (const seed of SEEDS) out.push(await seed(m));
      return out;
    });
    const quotes = this.moduleRef.get(QuotesService, { strict: false });
    lines.push(await seedDemoQuote(this.tx.direct, quotes));
    lines.push(await seedDemoOrder(this.tx.direct, quotes, this.moduleRef.get(OrdersService, { strict: false })));
    lines.push(await seedDemoReviews(this.tx.direct, this.moduleRef.get(ReviewsService, { strict: false })));
    return lines;
  }

  /**
   * Quick start: on the embedded database, the first run (no API key yet) loads the demo data and
   * prints a key with every scope. A server on PostgreSQL never mints keys by itself.
   */
  async onFirstRun(): Promise<void> {
    if (this.config.databaseUrl) return;
    if ((await this.repository.countApiKeys(this.tx.direct)) > 0) return;
    for (const line of await this.seed()) this.logger.log(line);
    const key = await this.keys.create({ name: 'demo', scopes: ['*'] });
    const banner = [
      '',
      '  First run: demo data loaded and an API key with every scope created.',
      `  Access token: ${key.access_token}`,
      '  It is shown only now. Try:',
      `    curl -H "Authorization: Bearer ${key.access_token}" http://localhost:${this.config.port}/countries`,
      '  More keys: npm run cli -- api-key:create --name NAME',
      '',
    ].join('\n');
    process.stdout.write(`${banner}\n`);
  }
}
