/**
 * Making the stored rows of many owners what was sent for each (a product's list parts and price
 * tiers, a country's states, a customer's addresses, any collection PUT of a part): which stored
 * rows go, which are rewritten and with what, and which are new. Pure: the caller reads the stored
 * rows of every owner at once, asks this, and writes the plan in one statement per kind (remove,
 * update, insert: writeSyncPlan), whatever the number of owners and members.
 */

/** One owner's side of a sync: what it sent and what it has. */
export interface SyncOwner<O, S, R> {
  /** What the caller tells owners apart by (a product's plan, …): handed back with each row of the plan. */
  owner: O;
  /** The id the owner column of a new row takes. */
  id: number;
  sent: readonly S[];
  stored: readonly R[];
}

export interface SyncPlan<O, S, R> {
  /** Stored rows no sent member matched. */
  removed: { owner: O; row: R }[];
  /** Sent members that replace a stored row: `values` carry the row's `id`. */
  updated: { owner: O; sent: S; row: R; values: Record<string, unknown> }[];
  /** Sent members with no stored row: `values` carry the owner column. */
  inserted: { owner: O; sent: S; values: Record<string, unknown> }[];
}

export interface SyncRules<S, R> {
  /** Per sent member (same index), the stored row it replaces or null (by key: match-members.ts; a product's parts: catalog's part-sync.ts). */
  match: (sent: readonly S[], stored: readonly R[]) => readonly (R | null)[];
  /**
   * The values a member writes, given the stored row it replaces (null: it is new). A new object:
   * the plan adds `id` or the owner column to it.
   */
  values: (sent: S, row: R | null) => Record<string, unknown>;
  /** The column tying a new row to its owner (`product_id`, `variant_id`). */
  ownerColumn: string;
}

export function planSync<O, S, R extends { id: number }>(owners: readonly SyncOwner<O, S, R>[], rules: SyncRules<S, R>): SyncPlan<O, S, R> {
  const plan: SyncPlan<O, S, R> = { removed: [], updated: [], inserted: [] };
  for (const { owner, id, sent, stored } of owners) {
    const matched = rules.match(sent, stored);
    const taken = new Set<R>();
    sent.forEach((member, n) => {
      const row = matched[n];
      const values = rules.values(member, row);
      if (row) {
        taken.add(row);
        values.id = row.id;
        plan.updated.push({ owner, sent: member, row, values });
      } else {
        values[rules.ownerColumn] = id;
        plan.inserted.push({ owner, sent: member, values });
      }
    });
    for (const row of stored) if (!taken.has(row)) plan.removed.push({ owner, row });
  }
  return plan;
}

/** What a written plan changed: the owners of rows removed, inserted, or updated to other values. */
export function changedOwners<O, S, R extends { id: number }>(plan: SyncPlan<O, S, R>, updatedIds: ReadonlySet<number>): Set<O> {
  const out = new Set<O>();
  for (const r of plan.removed) out.add(r.owner);
  for (const r of plan.inserted) out.add(r.owner);
  for (const r of plan.updated) if (updatedIds.has(r.row.id)) out.add(r.owner);
  return out;
}
