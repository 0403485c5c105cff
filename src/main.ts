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
  // Graceful stop: the server stops accepting, requests in flight finish, hooks close the pools.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      new Logger('Store API').log(`${signal}: shutting down`);
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(`Shutdown failed: ${(err as Error).message}`);
          process.exit(1);
        },
      );
    });
  }
  new Logger('Store API').log(
    `Listening on http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`})`,
  );
}

bootstrap().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(`Could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
