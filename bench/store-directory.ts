import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/app-config.js';
import { dataSourceOptions } from '../src/database/data-source.js';
import { StoreDirectory } from '../src/modules/stores/store-directory.js';
import { hostName } from '../src/modules/stores/store-face.js';
import { StoresRepository } from '../src/modules/stores/stores.repository.js';

/**
 * `store_directory`: what finding a request's store costs (docs/api.md#stores), with `stores` stores of
 * two hosts each made in the bench's database. In this process, as every api process holds it: the
 * directory loaded from the database (the reload every process makes after a change to stores), then
 * `hostName` + `resolve` of a request's Host header, as storeByHost does per request, over the listed
 * hosts (with a port, in another case) and as many unlisted ones.
 */
export interface StoreDirectoryFigure {
  stores: number;
  hosts: number;
  reload_ms: number;
  lookups: number;
  lookup_ns: number;
}

export async function measureStoreDirectory(databaseUrl: string, stores = 1000, lookups = 1_000_000): Promise<StoreDirectoryFigure> {
  const ds = await new DataSource(dataSourceOptions(loadConfig({ DATABASE_URL: databaseUrl }))).initialize();
  try {
    await ds.query(
      `WITH made AS (
         INSERT INTO stores (handle, name) SELECT 'bench-' || n, 'Bench store ' || n FROM generate_series(1, $1::int) n RETURNING id, handle)
       INSERT INTO store_hosts (host, store_id, position)
       SELECT h.host, made.id, h.position FROM made,
         LATERAL (VALUES (made.handle || '.bench.example', 1), ('www.' || made.handle || '.bench.example', 2)) h(host, position)`,
      [stores],
    );
    const directory = await StoreDirectory.loaded(new StoresRepository(ds), loadConfig({ DATABASE_URL: databaseUrl }));
    const reloads: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = process.hrtime.bigint();
      await directory.refresh();
      reloads.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    // Host headers as they come: listed hosts with a port and in capitals, and hosts no store lists.
    const headers = Array.from({ length: 4096 }, (_, i) =>
      i % 2 ? `WWW.BENCH-${(i % stores) + 1}.bench.example:443` : `unlisted-${i}.example.net`,
    );
    let found = 0;
    const started = process.hrtime.bigint();
    for (let i = 0; i < lookups; i++) if (directory.resolve(hostName(headers[i & 4095]))) found++;
    const lookupNs = Number(process.hrtime.bigint() - started) / lookups;
    // Every header resolves: a listed host to its store, another to `default`, which lists none.
    if (found !== lookups) throw new Error(`store_directory: ${lookups - found} of ${lookups} lookups found no store`);
    await directory.onApplicationShutdown();
    return {
      stores: directory.all().length,
      hosts: stores * 2,
      reload_ms: Number(Math.min(...reloads).toFixed(2)),
      lookups,
      lookup_ns: Math.round(lookupNs),
    };
  } finally {
    await ds.destroy();
  }
}
