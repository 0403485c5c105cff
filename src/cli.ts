import 'reflect-metadata';
import { type DynamicModule, Module } from '@nestjs/common';
import { CommandFactory } from 'nest-commander';
import { printError } from './cli/cli-output.js';
import { type AppConfig, ConfigError, loadConfig } from './config/app-config.js';
import { JobsModule } from './common/jobs/jobs.module.js';
import { ConfigModule } from './config/config.module.js';
import { DbMigrateCommand } from './database/db-migrate.command.js';
import { DbSeedDemoCommand } from './database/db-seed-demo.command.js';
import { embeddedDatabaseDir } from './database/data-source.js';
import { DatabaseModule } from './database/database.module.js';
import { EmbeddedDatabaseBusyError, lockEmbeddedDatabase } from './database/embedded-lock.js';
import { ApiKeyCreateCommand } from './modules/api-keys/api-key-create.command.js';
import { ApiKeyListCommand } from './modules/api-keys/api-key-list.command.js';
import { ApiKeyRevokeCommand } from './modules/api-keys/api-key-revoke.command.js';
import { ApiKeysModule } from './modules/api-keys/api-keys.module.js';
import { BulkExportCommand } from './modules/bulk/bulk-export.command.js';
import { BulkImportCommand } from './modules/bulk/bulk-import.command.js';
import { BulkModule } from './modules/bulk/bulk.module.js';
import { DemoModule } from './modules/demo/demo.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';
import { OrdersModule } from './modules/orders/orders.module.js';
import { ReviewsModule } from './modules/reviews/reviews.module.js';
import { QuotesModule } from './modules/quotes/quotes.module.js';

@Module({})
class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        JobsModule,
        ApiKeysModule,
        DemoModule,
        WebhooksModule,
        BulkModule.forRoot(config, 'cli'),
        QuotesModule,
        // The demo's order is made through the orders module, its reviews through the reviews module.
        OrdersModule,
        ReviewsModule,
      ],
      providers: [
        ApiKeyCreateCommand,
        ApiKeyListCommand,
        ApiKeyRevokeCommand,
        BulkExportCommand,
        BulkImportCommand,
        DbMigrateCommand,
        DbSeedDemoCommand,
      ],
    };
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Before anything opens it: a command run beside the api on the embedded database would write
  // into a copy that the api's own writes later replace.
  if (!config.databaseUrl) lockEmbeddedDatabase(embeddedDatabaseDir(config), 'cli');
  await CommandFactory.run(CliModule.forRoot(config) as never, {
    logger: ['error'],
    errorHandler: (err) => {
      if ((err as { code?: string }).code?.startsWith('commander.')) process.exit((err as { exitCode?: number }).exitCode ?? 1);
      console.error(`Error: ${err.message}`);
      process.exit(1);
    },
  });
}

main().catch((err: unknown) => {
  if (err instanceof EmbeddedDatabaseBusyError) {
    printError({ json: process.argv.includes('--json') }, err.message);
    process.exit(1);
  }
  console.error(err instanceof ConfigError ? err.message : `Error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
