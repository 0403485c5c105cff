import { ApiError } from '../http/api-error.js';

/** Allowed embeds of a resource: canonical snake_case name → what may be embedded below it. */
export interface EmbedTree {
  [name: string]: EmbedTree;
}

/** What a request asked to embed, in the same shape. */
export interface EmbedSelection {
  [name: string]: EmbedSelection;
}

const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Every name `tree` allows, dotted, each parent before its children (`customer`, `customer.group`). */
export function embedPaths(tree: EmbedTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, sub]) => [prefix + name, ...embedPaths(sub, `${prefix}${name}.`)]);
}

/**
 * Parses `embed=a,b.c` (docs/api.md#embedding): comma list, dots nest, camelCase and snake_case both accepted.
 * An unknown name is a 422 listing the allowed ones.
 */
export function parseEmbed(raw: string | undefined, tree: EmbedTree): EmbedSelection {
  const selection: EmbedSelection = {};
  if (raw === undefined || raw.trim() === '') return selection;
  const unknown: string[] = [];
  for (const item of raw.split(',')) {
    const path = item.trim();
    if (!path) continue;
    let node = tree;
    let target = selection;
    for (const part of path.split('.').map((p) => snake(p.trim()))) {
      if (!Object.hasOwn(node, part)) {
        unknown.push(path);
        break;
      }
      node = node[part];
      target = target[part] ??= {};
    }
  }
  if (unknown.length > 0) {
    const allowed = embedPaths(tree);
    throw ApiError.field(
      'embed',
      `unknown ${unknown.map((u) => `"${u}"`).join(', ')}; allowed: ${allowed.length ? allowed.join(', ') : 'none'}`,
    );
  }
  return selection;
}

/** `{"data": …}` wrapping of an embedded relation. */
export function embedded<T>(value: T): { data: T } {
  return { data: value };
}

/** Groups rows by a key, for one-query-per-relation embedding. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
