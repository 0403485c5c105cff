import { BatchAnswer, type BatchCounts } from '../http/envelope.js';

/** What an upsert did to one member. */
export type UpsertOutcome = 'created' | 'updated' | 'unchanged';

/** One member's result: what happened and its view. */
export interface Upserted<V> {
  outcome: UpsertOutcome;
  view: V;
}

function countOutcomes(outcomes: readonly UpsertOutcome[]): BatchCounts {
  const counts: BatchCounts = { created: 0, updated: 0, unchanged: 0 };
  for (const o of outcomes) counts[o]++;
  return counts;
}

/** The answer of a batch PUT: `data` = the members' views in the request's order, `meta.batch` = the counts. */
export function batchAnswer<V>(members: readonly Upserted<V>[]): BatchAnswer<V> {
  return new BatchAnswer(
    members.map((m) => m.view),
    countOutcomes(members.map((m) => m.outcome)),
  );
}
