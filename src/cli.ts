import 'reflect-metadata';
import { ConsoleLogger, type DynamicModule, Module } from '@nestjs/common';
import { CommandFactory } from 'nest-commander';
import { printError } from './cli/cli-output.js';
import { type AppConfig, ConfigError, loadConfig } from './config/app-config.js';
import { JobsModule } from './common/jobs/jobs.module.js';
import { ConfigModule } from './config/config.module.js';
import { DbMigrateCommand } from './database/db-migrate.command.js';
import { DbSeedDemoCommand } from './database/db-seed-demo.command.js';
import { embeddedDatabaseDir } from './database/data-source.js';
import { DatabaseModule } from './database/database.module.js';
import { lockEmbeddedDatabase } from './database/embedded-lock.js';
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
import { StoresModule } from './modules/stores/stores.module.js';
import { StoreCreateCommand } from './modules/stores/store-create.command.js';
import { StoreListCommand } from './modules/stores/store-list.command.js';
import { StoreMoveCommand } from './modules/stores/store-move.command.js';
import { StoreCloseCommand, StoreOpenCommand } from './modules/stores/store-status.command.js';
import { StoreUpdateCommand } from './modules/stores/store-update.command.js';

@Module({})
class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        StoresModule,
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
        StoreCloseCommand,
        StoreCreateCommand,
        StoreListCommand,
        StoreMoveCommand,
        StoreOpenCommand,
        StoreUpdateCommand,
      ],
    };
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Before anything opens it: a command run beside the api on the embedded database would write
  // into a copy that the api's own writes later replace.
  if (!config.databaseUrl) lockEmbeddedDatabase(embeddedDatabaseDir(config), 'cli');
  const app = await CommandFactory.createWithoutRunning(CliModule.forRoot(config) as never, {
    // Starting is quiet: a module that cannot start (an unreachable database) is thrown to main's
    // catch (abortOnError: false), which says it in one line; Nest's own logs (a connection retry, a
    // stack) would add lines around it.
    logger: false,
    abortOnError: false,
    errorHandler: (err) => {
      if ((err as { code?: string }).code?.startsWith('commander.')) process.exit((err as { exitCode?: number }).exitCode ?? 1);
      console.error(`Error: ${err.message}`);
      process.exit(1);
    },
    // What a command throws that it did not foresee: one line, exit 1 (nest-commander's default wrote the
    // error and left the exit code 0).
    serviceErrorHandler: (err) => printError(jsonFlag(), oneLine(err)),
  });
  // Started: what a command logs as an error (a chunk that failed, with its cause) is shown.
  app.useLogger(new ConsoleLogger({ logLevels: ['error'] }));
  try {
    await CommandFactory.runApplication(app);
  } finally {
    await app.close();
  }
}

const jsonFlag = () => ({ json: process.argv.includes('--json') });

/** An error as one line: its message's first line, never a stack. */
function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n', 1)[0].trim() || (err instanceof Error ? err.name : 'unknown error');
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else printError(jsonFlag(), oneLine(err));
  process.exit(1);
});
