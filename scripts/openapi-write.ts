import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Writes the OpenAPI document the api serves at /openapi.json to a file, without a database server:
 * the app boots on an empty embedded database in a temporary directory (no migrations, no Redis, no
 * SMTP), builds the document from its controllers, and stops. Usage: npm run openapi:write -- [file]
 * (default dist/openapi.json).
 */
export async function writeOpenApiDocument(file: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-openapi-'));
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    // The schema too, so the api's background work (the webhook deliverer) finds its tables.
    MIGRATIONS_RUN: 'true',
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'error',
  });
  const { createApp } = await import('../src/app.factory.js');
  const { buildOpenApiDocument } = await import('../src/openapi/openapi.document.js');
  const app = await createApp({ logger: ['error'] });
  try {
    await app.init();
    writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const file = resolve(process.argv[2] ?? 'dist/openapi.json');
  writeOpenApiDocument(file).then(
    () => console.log(`Wrote ${file}`),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
