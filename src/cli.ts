import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { CommandFactory } from 'nest-commander';
import { ConfigError, loadConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DbMigrateCommand, DbSeedDemoCommand } from './database/database.commands.js';
import { DatabaseModule } from './database/database.module.js';
import { ApiKeyCreateCommand, ApiKeyListCommand, ApiKeyRevokeCommand } from './modules/api-keys/api-key.commands.js';
import { ApiKeysModule } from './modules/api-keys/api-keys.module.js';
import { DemoModule } from './modules/demo/demo.module.js';

@Module({
  imports: [ConfigModule, DatabaseModule, ApiKeysModule, DemoModule],
  providers: [ApiKeyCreateCommand, ApiKeyListCommand, ApiKeyRevokeCommand, DbMigrateCommand, DbSeedDemoCommand],
})
class CliModule {}

async function main(): Promise<void> {
  loadConfig();
  await CommandFactory.run(CliModule, {
    logger: ['error'],
    errorHandler: (err) => {
      if ((err as { code?: string }).code?.startsWith('commander.')) process.exit((err as { exitCode?: number }).exitCode ?? 1);
      console.error(`Error: ${err.message}`);
      process.exit(1);
    },
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `Error: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
