import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import { Table } from '../../database/table.js';
import { ApiKey } from './api-key.entity.js';

/** What authenticating a request needs of a valid key. */
export interface ActiveKey {
  id: number;
  store_id: number;
  name: string;
  scopes: string[];
  expires_at: Date | null;
  created_at: Date;
}

/** A connection that can send one statement: the listener's own pg client (or a manager). */
export interface StatementConnection {
  query(sql: string): Promise<unknown>;
}

/** Every statement of API keys. */
@Injectable()
export class ApiKeysRepository {
  readonly keys: Table<ApiKey>;

  constructor(dataSource: DataSource) {
    this.keys = new Table(dataSource, ApiKey, { alt: null, label: 'API key' });
  }

  /** Every key of a store, revoked and expired ones included, in id order. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  list(m: EntityManager, storeId: number): Promise<ApiKey[]> {
    return m.getRepository(ApiKey).find({ where: { store_id: storeId }, order: { id: 'ASC' } });
  }

  /** Marks a key revoked (revoking twice keeps the first time); false when there is no such key. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async revoke(m: EntityManager, id: number): Promise<boolean> {
    const result = await m
      .createQueryBuilder()
      .update(ApiKey)
      .set({ revoked_at: () => 'COALESCE(revoked_at, now())' })
      .where('id = :id', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** The key with this token hash, if it is neither revoked nor expired. */
  @GenerateSql({ args: [SqlArg.manager, '0'.repeat(64)] })
  async activeByTokenHash(m: EntityManager, tokenHash: string): Promise<ActiveKey | null> {
    const rows = await runStatement<ActiveKey>(
      m,
      `SELECT id, store_id, name, scopes, expires_at, created_at FROM ${this.keys.sqlName}
        WHERE token_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** Records that the key was just used. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async recordUse(m: EntityManager, id: number): Promise<void> {
    await runStatement(m, `UPDATE ${this.keys.sqlName} SET last_used_at = now() WHERE id = $1`, [id]);
  }

  /**
   * Subscribes `connection` (a connection of its own, held open) to `api_key_changed`: a trigger
   * announces the token hash of every key changed, by any process or plain SQL.
   */
  @GenerateSql({ args: [SqlArg.manager] })
  async listenForChanges(connection: StatementConnection): Promise<void> {
    await connection.query('LISTEN api_key_changed');
  }

  /**
   * Sends `payload` on `api_key_changed`, as the trigger does for a changed key: the listener's
   * test that it hears the channel. Every listener receives it, so it must never look like a
   * token hash (see ApiKeysService).
   */
  @GenerateSql({ args: [SqlArg.manager, 'probe:0123456789abcdef'] })
  async announce(m: EntityManager, payload: string): Promise<void> {
    await runStatement(m, "SELECT pg_notify('api_key_changed', $1)", [payload]);
  }
}
