import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { STORE_NUMBERS, type StoreNumber, numbersSequence } from '../../database/sql/counters.js';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import { Table, tableOf } from '../../database/table.js';
import { Store, StoreDirectoryVersion, StoreHost } from './store.entity.js';

/** A store's row with its hosts, in their order. */
export interface StoreRow {
  store: Store;
  hosts: string[];
}

/** Every statement of stores and their hosts. */
@Injectable()
export class StoresRepository {
  readonly stores: Table<Store>;
  private readonly hosts: string;
  private readonly version: string;

  /**
   * The primary's manager: the directory is read there, never on a replica, which could still answer
   * with the stores before a change.
   */
  readonly primary: EntityManager;

  constructor(dataSource: DataSource) {
    this.primary = dataSource.manager;
    this.stores = new Table(dataSource, Store, { alt: null, label: 'store' });
    this.hosts = tableOf(dataSource, StoreHost);
    this.version = tableOf(dataSource, StoreDirectoryVersion);
  }

  /** How many times stores or their hosts changed: equal counts, an equal directory. */
  @GenerateSql()
  async directoryVersion(m: EntityManager): Promise<string> {
    const [row] = await runStatement<{ version: string }>(m, `SELECT version::text AS version FROM ${this.version}`, []);
    return row?.version ?? '0';
  }

  /**
   * Every store with its hosts, in id order, and the directory's version they are (one statement,
   * so the version and the rows are one snapshot).
   */
  @GenerateSql()
  async directory(m: EntityManager): Promise<{ version: string; stores: StoreRow[] }> {
    const rows = await runStatement<Store & { hosts: string[] | null; version: string }>(
      m,
      `SELECT s.*, h.hosts, v.version::text AS version
         FROM ${this.stores.sqlName} s
         CROSS JOIN ${this.version} v
         LEFT JOIN LATERAL (SELECT array_agg(host ORDER BY position) AS hosts FROM ${this.hosts} WHERE store_id = s.id) h ON true
        ORDER BY s.id`,
      [],
      { prepare: false },
    );
    return {
      version: rows[0]?.version ?? '0',
      stores: rows.map(({ hosts, version: _version, ...store }) => ({ store: store as Store, hosts: hosts ?? [] })),
    };
  }

  /** The store with this id (PATCH /store) or handle (the CLI), its row locked, with its hosts; null when there is none. */
  @GenerateSql({ name: 'by id', args: [SqlArg.manager, { id: 1 }] }, { name: 'by handle', args: [SqlArg.manager, { handle: 'default' }] })
  async lock(m: EntityManager, key: { id: number } | { handle: string }): Promise<StoreRow | null> {
    const [column, value] = 'id' in key ? ['id', key.id] : ['handle', key.handle];
    const [store] = await runStatement<Store>(m, `SELECT * FROM ${this.stores.sqlName} WHERE ${column} = $1 FOR UPDATE`, [value]);
    if (!store) return null;
    return { store, hosts: await this.hostsOf(m, store.id) };
  }

  /** A store's hosts in their order. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async hostsOf(m: EntityManager, storeId: number): Promise<string[]> {
    const rows = await runStatement<{ host: string }>(m, `SELECT host FROM ${this.hosts} WHERE store_id = $1 ORDER BY position`, [storeId]);
    return rows.map((r) => r.host);
  }

  /**
   * Which of `hosts` another store than `storeId` lists, with that store's handle: a host answers
   * for one store at most.
   */
  @GenerateSql({ args: [SqlArg.manager, 1, ['shop.example']] })
  takenHosts(m: EntityManager, storeId: number, hosts: string[]): Promise<{ host: string; handle: string }[]> {
    return runStatement(
      m,
      `SELECT h.host, s.handle FROM ${this.hosts} h JOIN ${this.stores.sqlName} s ON s.id = h.store_id
        WHERE h.host = ANY($2::text[]) AND h.store_id <> $1 ORDER BY h.host`,
      [storeId, hosts],
    );
  }

  /** Whether a store has this handle already. */
  @GenerateSql({ args: [SqlArg.manager, 'shop'] })
  async handleTaken(m: EntityManager, handle: string): Promise<boolean> {
    const rows = await runStatement(m, `SELECT 1 FROM ${this.stores.sqlName} WHERE handle = $1`, [handle]);
    return rows.length > 0;
  }

  /**
   * What a new store starts with (docs/api.md#stores): the sequences of its numbers (its first
   * quote Q1001, subscription S1001, order O1001; the names from its id, never from input) and the
   * product types every store has, Goods (its default), Service and Downloadable, written as the
   * operator's with the new store's id.
   */
  @GenerateSql({ args: [SqlArg.manager, 2] })
  async insertStarterData(m: EntityManager, storeId: number): Promise<void> {
    for (const [kind, first] of Object.entries(STORE_NUMBERS) as [StoreNumber, number][]) {
      await runStatement(m, `CREATE SEQUENCE "${numbersSequence(storeId, kind)}" START ${first}`, []);
    }
    await runStatement(
      m,
      `INSERT INTO product_types (store_id, name, api_code, is_default, has_shipping, has_inventory, has_options, has_variants, has_extras)
       VALUES ($1, 'Goods', 'goods', true, true, true, true, true, true),
              ($1, 'Service', 'service', false, false, false, true, false, true),
              ($1, 'Downloadable', 'downloadable', false, false, false, true, true, true)`,
      [storeId],
    );
  }

  /**
   * The store's row on the cluster its data lives on, when that is not the home (docs/api.md#clusters):
   * what the cluster's own references to the store (its API keys') point at. The directory, on the
   * home, stays the row every process reads.
   */
  @GenerateSql({
    args: [
      SqlArg.manager,
      { id: 2, handle: 'eu-shop', name: 'EU shop', currency: 'EUR', locale: 'de-DE', status: 'active', cluster: 'eu' },
    ],
  })
  async insertPlacedCopy(
    m: EntityManager,
    store: Pick<Store, 'id' | 'handle' | 'name' | 'currency' | 'locale' | 'status' | 'cluster'>,
  ): Promise<void> {
    await runStatement(
      m,
      `INSERT INTO ${this.stores.sqlName} (id, handle, name, currency, locale, status, cluster) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO NOTHING`,
      [store.id, store.handle, store.name, store.currency, store.locale, store.status, store.cluster],
    );
  }

  /** Records in the directory that the store's data lives on `cluster` now (the version counts up: every process reads it within a second). */
  @GenerateSql({ args: [SqlArg.manager, 2, 'eu'] })
  async placeOn(m: EntityManager, storeId: number, cluster: string): Promise<void> {
    await runStatement(m, `UPDATE ${this.stores.sqlName} SET cluster = $2 WHERE id = $1`, [storeId, cluster]);
  }

  /** Makes `hosts` the store's list, in this order: two statements, whatever their number. */
  @GenerateSql({ args: [SqlArg.manager, 1, ['shop.example', 'www.shop.example']] })
  async replaceHosts(m: EntityManager, storeId: number, hosts: string[]): Promise<void> {
    await runStatement(m, `DELETE FROM ${this.hosts} WHERE store_id = $1`, [storeId]);
    if (!hosts.length) return;
    await runStatement(
      m,
      `INSERT INTO ${this.hosts} (host, store_id, position) SELECT h.host, $1, h.position FROM unnest($2::text[]) WITH ORDINALITY AS h(host, position)`,
      [storeId, hosts],
    );
  }
}
