import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { APP_CONFIG, type AppConfig, ConfigError, loadConfig } from './config/app-config.js';
import { DemoSeeder } from './modules/demo/demo.seeder.js';

async function bootstrap(): Promise<void> {
  loadConfig(); // a bad variable stops here, before anything else starts
  const app = await createApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.get(DemoSeeder).onFirstRun();
  await app.listen(config.port);
  new Logger('Store API').log(`Listening on http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`})`);
}

bootstrap().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(`Could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
