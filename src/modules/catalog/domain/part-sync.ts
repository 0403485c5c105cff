/**
 * Replacing a list of parts (docs/api.md#put-products-and-their-parts): which sent member is which stored one, what a replaced
 * member's values are, and what became of the stored ones. Pure: the product upsert reads the stored
 * rows, asks these, and writes the answer in a statement per table.
 */

/** A key of a member, or null when it has none (not matched by this key). */
export type KeyOf<T> = (member: T) => string | null;

export interface Matching<E> {
  /** Per sent member (same index): the stored row it replaces, or null for a new one. */
  matched: (E | null)[];
  /** Stored rows no sent member matched: they go (deleted as their DELETE does). */
  removed: E[];
}

/**
 * Matches sent members to stored rows by the keys, tried in turn (variants: by `sku`, then by their
 * `options`): a member takes the first stored row not yet taken with the same key. Each stored row
 * is matched at most once.
 */
export function matchMembers<D, E>(sent: readonly D[], stored: readonly E[], keys: readonly [KeyOf<D>, KeyOf<E>][]): Matching<E> {
  const matched: (E | null)[] = sent.map(() => null);
  const taken = new Set<E>();
  for (const [sentKey, storedKey] of keys) {
    const byKey = new Map<string, E[]>();
    for (const row of stored) {
      if (taken.has(row)) continue;
      const k = storedKey(row);
      if (k === null) continue;
      const list = byKey.get(k);
      if (list) list.push(row);
      else byKey.set(k, [row]);
    }
    // Nothing left to match by this key (a new product's parts): the sent keys need not be made.
    if (byKey.size === 0) continue;
    sent.forEach((member, i) => {
      if (matched[i] !== null) return;
      const k = sentKey(member);
      if (k === null) return;
      const row = byKey.get(k)?.find((r) => !taken.has(r));
      if (row === undefined) return;
      matched[i] = row;
      taken.add(row);
    });
  }
  return { matched, removed: stored.filter((r) => !taken.has(r)) };
}

/** Indexes of members whose key an earlier member has, with that earlier index. */
export function repeatedKeys<D>(members: readonly D[], key: KeyOf<D>): { index: number; first: number }[] {
  const seen = new Map<string, number>();
  const out: { index: number; first: number }[] = [];
  members.forEach((m, i) => {
    const k = key(m);
    if (k === null) return;
    const first = seen.get(k);
    if (first === undefined) seen.set(k, i);
    else out.push({ index: i, first });
  });
  return out;
}

/**
 * The values a PUT writes: every writable field, as sent, or, when left out, what a create gives it
 * (`defaults`, else null).
 */
export function replacementValues(
  fields: readonly string[],
  defaults: Readonly<Record<string, unknown>>,
  sent: object,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = (sent as Record<string, unknown>)[f];
    out[f] = v !== undefined ? v : Object.hasOwn(defaults, f) ? defaults[f] : null;
  }
  return out;
}

/** Option choices as one key, whatever the order of their names: `["Color","Red","Size","M"]`. */
export function optionsKey(options: Readonly<Record<string, string>> | null | undefined): string {
  const o = options ?? {};
  const names = Object.keys(o);
  // A variant's few names in code-unit order, as sort() orders them, by insertion in place: sort()
  // allocates a work copy per call, and a catalog import makes a key for each of its variants.
  for (let i = 1; i < names.length; i++) {
    const name = names[i];
    let j = i - 1;
    for (; j >= 0 && names[j] > name; j--) names[j + 1] = names[j];
    names[j + 1] = name;
  }
  let key = '[';
  for (let i = 0; i < names.length; i++) key += `${i ? ',' : ''}${JSON.stringify(names[i])},${JSON.stringify(o[names[i]] ?? null)}`;
  return `${key}]`;
}

/** A price tier's key within its owner: its customer group (or none) and quantity. */
export const tierKey = (t: { customer_group_id?: number | null; quantity?: number }): string =>
  `${t.customer_group_id ?? ''}|${t.quantity}`;

/**
 * A product's `url_name` when a PUT leaves it out: the stored one while it still belongs to the
 * name (it is the name's slug or that slug with a `-n` suffix), else null (derive a free one, as a
 * create does).
 */
export function keptUrlName(stored: string | null, slug: string): string | null {
  if (stored === null) return null;
  if (stored === slug) return stored;
  return stored.startsWith(`${slug}-`) && /^\d+$/.test(stored.slice(slug.length + 1)) ? stored : null;
}

/** The ids in `after` not in `before`, and those in `before` not in `after`, `after` keeping its order. */
export function listDiff(before: readonly number[], after: readonly number[]): { added: number[]; removed: number[] } {
  const b = new Set(before);
  const a = new Set(after);
  return { added: [...a].filter((x) => !b.has(x)), removed: before.filter((x) => !a.has(x)) };
}
