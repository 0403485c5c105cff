import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDataSource } from '../src/database/data-source.js';

/**
 * Writes a migration with the SQL that brings the schema of the existing migrations up to the
 * entities, computed on a throwaway in-memory database. Usage: npm run migration:generate -- Name
 */
async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name || !/^[A-Z][A-Za-z0-9]*$/.test(name)) {
    console.error('Usage: npm run migration:generate -- PascalCaseName');
    process.exit(2);
  }
  // With no DATABASE_URL the embedded database runs in memory (an empty DATA_DIR).
  const ds = createDataSource({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir: '' }, { inMemory: true });
  await ds.initialize();
  await ds.runMigrations();
  const sql = await ds.driver.createSchemaBuilder().log();
  await ds.destroy();
  if (sql.upQueries.length === 0) {
    console.log('The migrations already match the entities; nothing to write.');
    return;
  }
  const stamp = Date.now();
  const esc = (q: string) => q.replace(/\\/g, '\\\\').replace(/`/g, '\\`');
  const up = sql.upQueries.map((q) => `    await queryRunner.query(\`${esc(q.query)}\`);`).join('\n');
  const down = sql.downQueries
    .reverse()
    .map((q) => `    await queryRunner.query(\`${esc(q.query)}\`);`)
    .join('\n');
  const file = join('migrations', `${stamp}-${name}.ts`);
  writeFileSync(
    file,
    `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${name}${stamp} implements MigrationInterface {
  name = '${name}${stamp}';

  public async up(queryRunner: QueryRunner): Promise<void> {
${up}
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
${down}
  }
}
`,
  );
  console.log(`Wrote ${file}; add ${name}${stamp} to migrations/index.ts.`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
