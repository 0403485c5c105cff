import pg from 'pg';
import { DEFAULT_STORE_ID } from './test-app.js';

/** A node of `EXPLAIN (FORMAT JSON)`'s plan. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The tables a plan reads with a sequential scan. */
export function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) found.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

/** Every node of a plan that reads `table`, as `<node type> using <index>` (`-` for none). */
export function scansOf(node: PlanNode, table: string, found: string[] = []): string[] {
  if (node['Relation Name'] === table) {
    // A bitmap heap scan names its index on the Bitmap Index Scan below it.
    const bitmap = node['Node Type'] === 'Bitmap Heap Scan' ? node.Plans?.find((p) => p['Index Name']) : undefined;
    found.push(`${node['Node Type']} using ${node['Index Name'] ?? bitmap?.['Index Name'] ?? '-'}`);
  }
  for (const child of node.Plans ?? []) scansOf(child, table, found);
  return found;
}

/**
 * The plan the app gets for a statement it sent (with its parameters): as the app role, under the
 * store's row-level security, whose policy adds the store to every condition. Explained only, in a
 * transaction rolled back.
 */
export async function explainAsStore(dbUrl: string, sql: string, params: unknown[], storeId = DEFAULT_STORE_ID): Promise<PlanNode> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT set_config('role', 'store_app', true), set_config('app.store_id', $1, true)", [String(storeId)]);
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
    return rows[0]['QUERY PLAN'][0].Plan;
  } finally {
    await client.query('ROLLBACK');
    await client.end();
  }
}
