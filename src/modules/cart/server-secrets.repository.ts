import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';

/** The statements of `server_secrets`: read a key, and offer one where none is kept yet. */
@Injectable()
export class ServerSecretsRepository {
  /** The value kept under `name`; null while there is none. */
  @GenerateSql({ args: [SqlArg.manager, 'cart-token'] })
  async find(m: EntityManager, name: string): Promise<string | null> {
    const [row] = await runStatement<{ value: string }>(m, 'SELECT value FROM server_secrets WHERE name = $1', [name]);
    return row?.value ?? null;
  }

  /**
   * Keeps `value` under `name` unless a value is kept there already, which stays: the first writer
   * wins. A concurrent offer that is not yet committed makes this one wait for it (the primary key),
   * so a `find` after it, in a statement of its own, reads the winner.
   */
  @GenerateSql({ args: [SqlArg.manager, 'cart-token', 'a-random-value-of-43-characters'] })
  async offer(m: EntityManager, name: string, value: string): Promise<void> {
    await runStatement(m, 'INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, value]);
  }
}
