import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { STORE_NUMBERS, type StoreNumber, numbersSequence } from '../../database/sql/counters.js';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';

/** A table of a store's data as a move sees it: whether its fence trigger and whole-row replica identity are there. */
export interface StoreTable {
  name: string;
  fenced: boolean;
  full_identity: boolean;
}

/** How many of the store's rows a table holds, and a checksum of them (order aside). */
export interface TableSum {
  name: string;
  rows: number;
  sum: string;
}

/** A name PostgreSQL's catalog gave (a table, never input), between double quotes. */
function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The name of a move's publication, subscription and replication slot: from the store's id, never from input. */
function moveName(storeId: number): string {
  if (!Number.isSafeInteger(storeId) || storeId <= 0) throw new RangeError(`not a store id: ${storeId}`);
  return `store_move_${storeId}`;
}

/** `value` as a string literal of SQL (a connection URL from the configuration, which a utility statement cannot take as a parameter). */
function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Every statement of moving a store between clusters (docs/api.md#clusters): each one runs on the
 * cluster whose manager it is given. A publication, a subscription and a replication slot take no
 * parameters: their names come from the store's id, their tables from the catalog, their
 * connection from the configuration.
 */
@Injectable()
export class StoreMovesRepository {
  /** Every table of a store's data on this cluster (a `store_id`, but not the directory's or the move's own tables). */
  @GenerateSql()
  storeTables(m: EntityManager): Promise<StoreTable[]> {
    return runStatement<StoreTable>(
      m,
      `SELECT c.relname AS name, c.relreplident = 'f' AS full_identity,
              EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'store_fence') AS fenced
         FROM pg_class c
        WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
          AND c.relname NOT IN ('store_hosts', 'store_fences', 'store_move_marks')
          AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'store_id' AND NOT a.attisdropped)
        ORDER BY c.relname`,
      [],
    );
  }

  /** Fences the store on this cluster (`incoming` or `moved` for good, `draining` or `frozen` for `seconds`). */
  @GenerateSql({ name: 'frozen', args: [SqlArg.manager, 1, 'frozen', 10] }, { name: 'moved', args: [SqlArg.manager, 1, 'moved', null] })
  async fence(
    m: EntityManager,
    storeId: number,
    state: 'incoming' | 'draining' | 'frozen' | 'moved',
    seconds: number | null,
  ): Promise<void> {
    await runStatement(
      m,
      `INSERT INTO store_fences (store_id, state, until) VALUES ($1, $2, now() + make_interval(secs => $3::int))
       ON CONFLICT (store_id) DO UPDATE SET state = EXCLUDED.state, until = EXCLUDED.until`,
      [storeId, state, seconds],
    );
  }

  /** Lifts the store's fence on this cluster. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async unfence(m: EntityManager, storeId: number): Promise<void> {
    await runStatement(m, 'DELETE FROM store_fences WHERE store_id = $1', [storeId]);
  }

  /** The store's fence on this cluster, if one holds (an `incoming` or `moved` one always does). */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async fenceOf(m: EntityManager, storeId: number): Promise<'incoming' | 'draining' | 'frozen' | 'moved' | null> {
    const [row] = await runStatement<{ state: 'incoming' | 'draining' | 'frozen' | 'moved' }>(
      m,
      "SELECT state FROM store_fences WHERE store_id = $1 AND (state IN ('incoming', 'moved') OR until > now())",
      [storeId],
    );
    return row?.state ?? null;
  }

  /** The newest transaction id this cluster has given: every transaction at or past it began after this call. */
  @GenerateSql()
  async transactionHorizon(m: EntityManager): Promise<string> {
    const [row] = await runStatement<{ xmax: string }>(m, 'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax', []);
    return row.xmax;
  }

  /** Whether every transaction that was running at `horizon` has ended (committed or not). */
  @GenerateSql({ args: [SqlArg.manager, '1000'] })
  async endedBefore(m: EntityManager, horizon: string): Promise<boolean> {
    const [row] = await runStatement<{ ended: boolean }>(m, 'SELECT pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 AS ended', [
      horizon,
    ]);
    return row.ended;
  }

  /** How many claims of the store's background work a live holder has in hand here. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async claimsInHand(m: EntityManager, storeId: number): Promise<number> {
    const [row] = await runStatement<{ n: number }>(
      m,
      `SELECT ((SELECT count(*) FROM quote_deliveries WHERE store_id = $1 AND leased_until > now())
             + (SELECT count(*) FROM webhook_deliveries WHERE store_id = $1 AND leased_until > now())
             + (SELECT count(*) FROM imports WHERE store_id = $1 AND leased_until > now())
             + (SELECT count(*) FROM exports WHERE store_id = $1 AND leased_until > now()))::int AS n`,
      [storeId],
    );
    return row.n;
  }

  /** Publishes the store's rows of `tables` on this cluster (the one it leaves). */
  @GenerateSql({ args: [SqlArg.manager, 1, ['products', 'quotes']] })
  async publish(m: EntityManager, storeId: number, tables: string[]): Promise<void> {
    const filter = `WHERE (store_id = ${Number(storeId)})`;
    await runStatement(
      m,
      `CREATE PUBLICATION ${moveName(storeId)} FOR TABLE ${tables.map((t) => `${quoted(t)} ${filter}`).join(', ')}`,
      [],
      {
        prepare: false,
      },
    );
  }

  /** Drops the move's publication and its replication slot here, if they are left. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async unpublish(m: EntityManager, storeId: number): Promise<void> {
    await runStatement(m, `DROP PUBLICATION IF EXISTS ${moveName(storeId)}`, [], { prepare: false });
    await runStatement(m, 'SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1 AND NOT active', [
      moveName(storeId),
    ]);
  }

  /** Subscribes this cluster (the one the store goes to) to the move's publication at `source`, copying what is there first. */
  @GenerateSql({ args: [SqlArg.manager, 1, 'postgres://postgres@127.0.0.1:5432/store'] })
  async subscribe(m: EntityManager, storeId: number, source: string): Promise<void> {
    const name = moveName(storeId);
    await runStatement(m, `CREATE SUBSCRIPTION ${name} CONNECTION ${literal(source)} PUBLICATION ${name} WITH (copy_data = true)`, [], {
      prepare: false,
    });
  }

  /**
   * Drops the move's subscription here, if there is one, without reaching the source: its slot
   * there is dropped by `unpublish`.
   */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async unsubscribe(m: EntityManager, storeId: number): Promise<void> {
    const name = moveName(storeId);
    const [exists] = await runStatement(m, 'SELECT 1 FROM pg_subscription WHERE subname = $1', [name]);
    if (!exists) return;
    await runStatement(m, `ALTER SUBSCRIPTION ${name} DISABLE`, [], { prepare: false });
    await runStatement(m, `ALTER SUBSCRIPTION ${name} SET (slot_name = NONE)`, [], { prepare: false });
    await runStatement(m, `DROP SUBSCRIPTION ${name}`, [], { prepare: false });
  }

  /** How many of the subscription's tables have their first copy done, of how many. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async copied(m: EntityManager, storeId: number): Promise<{ ready: number; total: number }> {
    const [row] = await runStatement<{ ready: number; total: number }>(
      m,
      `SELECT count(*) FILTER (WHERE r.srsubstate IN ('r', 's'))::int AS ready, count(*)::int AS total
         FROM pg_subscription_rel r JOIN pg_subscription s ON s.oid = r.srsubid WHERE s.subname = $1`,
      [moveName(storeId)],
    );
    return row;
  }

  /** Writes the store's move mark here (its last write on the cluster it leaves). */
  @GenerateSql({ args: [SqlArg.manager, 1, 'f3c1…'] })
  async mark(m: EntityManager, storeId: number, token: string): Promise<void> {
    await runStatement(
      m,
      'INSERT INTO store_move_marks (store_id, token) VALUES ($1, $2) ON CONFLICT (store_id) DO UPDATE SET token = EXCLUDED.token',
      [storeId, token],
    );
  }

  /** The store's move mark as this cluster has it. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async markOf(m: EntityManager, storeId: number): Promise<string | null> {
    const [row] = await runStatement<{ token: string }>(m, 'SELECT token FROM store_move_marks WHERE store_id = $1', [storeId]);
    return row?.token ?? null;
  }

  /**
   * The rows and a checksum of the store's rows in each of `tables`, in one statement: the sum of a
   * hash of each whole row (PostgreSQL's own hash of each column's value, so no row is turned into
   * text), which any change of any value moves.
   */
  @GenerateSql({ args: [SqlArg.manager, 1, ['products', 'quotes']] })
  sums(m: EntityManager, storeId: number, tables: string[]): Promise<TableSum[]> {
    return runStatement<TableSum>(
      m,
      tables
        .map(
          (t) =>
            `SELECT ${literal(t)} AS name, count(*)::int AS rows, coalesce(sum(hash_record_extended(x, 0)), 0)::text AS sum FROM ${quoted(t)} x WHERE x.store_id = $1`,
        )
        .join(' UNION ALL '),
      [storeId],
      { prepare: false },
    );
  }

  /** Deletes the store's rows of one table here; the count deleted. */
  @GenerateSql({ args: [SqlArg.manager, 1, 'products'] })
  async deleteRows(m: EntityManager, storeId: number, table: string): Promise<number> {
    const rows = await runStatement<{ n: number }>(
      m,
      `WITH d AS (DELETE FROM ${quoted(table)} WHERE store_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM d`,
      [storeId],
      { prepare: false },
    );
    return rows[0].n;
  }

  /** The next value of each of the store's numbers here. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async numbers(m: EntityManager, storeId: number): Promise<Record<StoreNumber, { value: string; called: boolean }>> {
    const kinds = Object.keys(STORE_NUMBERS) as StoreNumber[];
    const rows = await runStatement<{ kind: StoreNumber; value: string; called: boolean }>(
      m,
      kinds
        .map(
          (k) => `SELECT ${literal(k)} AS kind, last_value::text AS value, is_called AS called FROM ${quoted(numbersSequence(storeId, k))}`,
        )
        .join(' UNION ALL '),
      [],
      { prepare: false },
    );
    return Object.fromEntries(rows.map((r) => [r.kind, { value: r.value, called: r.called }])) as never;
  }

  /** Makes the store's number sequences here (if missing) and sets them where `numbers` says. */
  @GenerateSql({ args: [SqlArg.manager, 1, { quote: { value: '1004', called: true } }] })
  async setNumbers(
    m: EntityManager,
    storeId: number,
    numbers: Partial<Record<StoreNumber, { value: string; called: boolean }>>,
  ): Promise<void> {
    for (const [kind, first] of Object.entries(STORE_NUMBERS) as [StoreNumber, number][]) {
      await runStatement(m, `CREATE SEQUENCE IF NOT EXISTS ${quoted(numbersSequence(storeId, kind))} START ${first}`, [], {
        prepare: false,
      });
    }
    const set = Object.entries(numbers) as [StoreNumber, { value: string; called: boolean }][];
    if (set.length === 0) return;
    await runStatement(
      m,
      `SELECT ${set.map(([kind], i) => `setval(${literal(quoted(numbersSequence(storeId, kind)))}, $${2 * i + 1}::bigint, $${2 * i + 2}::boolean)`).join(', ')}`,
      set.flatMap(([, n]) => [n.value, n.called]),
      { prepare: false },
    );
  }

  /** Drops the store's number sequences here. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async dropNumbers(m: EntityManager, storeId: number): Promise<void> {
    const names = (Object.keys(STORE_NUMBERS) as StoreNumber[]).map((k) => quoted(numbersSequence(storeId, k)));
    await runStatement(m, `DROP SEQUENCE IF EXISTS ${names.join(', ')}`, [], { prepare: false });
  }

  /** The store's row here, when this cluster is not the home (the directory keeps the home's). */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async deleteStoreRow(m: EntityManager, storeId: number): Promise<void> {
    await runStatement(m, 'DELETE FROM stores WHERE id = $1', [storeId]);
  }
}
