import { formatMoney } from '../../../common/money/money.js';

/**
 * Whether a PATCH changes anything (docs/api.md#a-quotes-life: a PATCH that changes nothing changes nothing, not
 * `updated_at`, not the ETag, no event, no new revision). Values are compared as stored: money as
 * cents, JSON by content (jsonb keeps no key order), everything else exactly.
 */

/** JSON with object keys sorted, so two equal objects stringify alike whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const MONEY = new Set(['price', 'subtotal', 'discount', 'total', 'tax', 'total_discount', 'total_tax']);
const JSON_VALUED = new Set(['extras', 'options', 'custom_fields', 'customer_emails']);

/** One stored value and the value a write would store, compared as the database would keep them. */
function sameValue(name: string, stored: unknown, next: unknown): boolean {
  if (stored === null || stored === undefined || next === null || next === undefined) return (stored ?? null) === (next ?? null);
  if (MONEY.has(name)) return formatMoney(stored as string) === formatMoney(next as string);
  if (JSON_VALUED.has(name)) return canonicalJson(stored) === canonicalJson(next);
  return stored === next;
}

/** The entries of `values` that differ from `current` (what a PATCH really changes). */
export function changedValues<V extends object>(current: Record<string, unknown>, values: V): Partial<V> {
  return Object.fromEntries(
    Object.entries(values).filter(([name, v]) => v !== undefined && !sameValue(name, current[name], v)),
  ) as Partial<V>;
}

/** Whether two item lists (stored, and as a write would store them) are the same lines, in the same order. */
export function sameItems(stored: Record<string, unknown>[], next: Record<string, unknown>[], columns: readonly string[]): boolean {
  return stored.length === next.length && stored.every((s, i) => columns.every((c) => sameValue(c, s[c], next[i][c])));
}

/** Whether two id sets are equal (order aside). */
export function sameIdSet(a: readonly number[], b: readonly number[]): boolean {
  const x = [...new Set(a)].sort((p, q) => p - q);
  const y = [...new Set(b)].sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
