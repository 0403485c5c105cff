import type { EntityManager } from 'typeorm';
import { runStatement } from './statement.js';

/**
 * The leased claim of background work, in SQL: one set of columns and statements for every table
 * whose rows a worker takes (quote_deliveries, webhook_deliveries, imports, exports).
 *
 * - `claimed_at`: when the last claim was taken (kept after the outcome: who took it when).
 * - `leased_until`: the claim's expiry; the holder pushes it forward while it lives. A row whose
 *   lease ended (the holder died) is free to take.
 * - `lease_holder`: the process holding the claim (host:pid:nonce), for logs and post-mortems.
 * - `lease_token`: the fencing token, new (a UUID) with every claim. An outcome is written only where
 *   the row still carries the writer's token: once another holder took the row over, the old
 *   holder's UPDATE matches nothing, so a taken-over claim is never recorded twice.
 *
 * The repositories of the tables compose these fragments into their own statements (a claim is
 * also a status change, an outcome also its fields); the renewal is the same everywhere, so it is
 * one statement here.
 */

/** The tables whose rows are claimed this way, with the type of their ids. */
const CLAIM_TABLES = { quote_deliveries: 'int', webhook_deliveries: 'bigint', imports: 'int', exports: 'int' } as const;
export type ClaimTable = keyof typeof CLAIM_TABLES;

/** `SET` assignments of a new claim; the placeholders hold the lease in seconds, the holder and the token. */
export function takeClaimSql(p: { seconds: string; holder: string; token: string }): string {
  return (
    `claimed_at = now(), leased_until = now() + make_interval(secs => ${p.seconds}::int), ` +
    `lease_holder = ${p.holder}::text, lease_token = ${p.token}::uuid`
  );
}

/** The row is not held by a live holder: never claimed, released, or its lease ended. */
export function claimFreeSql(alias?: string): string {
  const a = alias ? `${alias}.` : '';
  return `(${a}leased_until IS NULL OR ${a}leased_until <= now())`;
}

/** The row is held, and its holder's lease ended: the holder died (or stopped renewing). */
export function claimExpiredSql(alias?: string): string {
  const a = alias ? `${alias}.` : '';
  return `${a}leased_until <= now()`;
}

/** The fence of an outcome: the row still carries the writer's claim token. */
export function heldWithSql(tokenSql: string, alias?: string): string {
  const a = alias ? `${alias}.` : '';
  return `${a}lease_token = ${tokenSql}::uuid`;
}

/** `SET` assignments of an outcome: the claim ends (claimed_at and lease_holder stay, as history). */
/**
 * The row's store is not fenced on this cluster (src/database/clusters/cluster.entity.ts): no new
 * claim of a store that is moving away, moved away, or not here yet (the copy a move is making). `row` names the claimed row (its alias or table).
 */
export function unfencedSql(row: string): string {
  return `NOT EXISTS (SELECT 1 FROM store_fences f WHERE f.store_id = ${row}.store_id AND (f.state IN ('incoming', 'moved') OR f.until > now()))`;
}

export const RELEASE_CLAIM_SQL = 'leased_until = NULL, lease_token = NULL';

/**
 * A live holder's renewal: the lease of the rows among `ids` that still carry its token starts
 * again. Answers the ids renewed (as text); an id missing from the answer was taken over or released.
 */
export async function renewClaims(
  m: EntityManager,
  table: ClaimTable,
  ids: (number | string)[],
  token: string,
  leaseSeconds: number,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await runStatement<{ id: string }>(
    m,
    `WITH r AS (
       UPDATE ${table} SET leased_until = now() + make_interval(secs => $3::int)
        WHERE id = ANY($1::${CLAIM_TABLES[table]}[]) AND lease_token = $2::uuid
        RETURNING id)
     SELECT id::text AS id FROM r ORDER BY id`,
    [ids.map(String), token, leaseSeconds],
  );
  return rows.map((r) => r.id);
}
