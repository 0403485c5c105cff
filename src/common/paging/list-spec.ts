import { type EmbedTree, embedPaths } from '../embed/embed.js';
import type { Sortable } from './page-request.js';

/** How a collection is declared: what `sort` takes and what `embed` may name. */
interface ListSpecInput {
  /** The `sort` names, in the order the OpenAPI document lists them. Each is its own column unless `columns` says otherwise. */
  sort: readonly string[];
  /** The column of a sort name that is not a column of the listed table (`x_billing_plan_id` → `billing_plan_id`). */
  columns?: Readonly<Record<string, string>>;
  /** The relations `embed` accepts (dots nest). */
  embeds?: EmbedTree;
  /**
   * Embeds another module registers at start (a module above this one, which this one must not
   * import): documented here, accepted once registered.
   */
  registered?: readonly string[];
}

/**
 * One collection's list contract, declared once and read by both sides: the service checks `sort`
 * and `embed` against it, and `@ApiPage` (src/openapi/decorators.ts) documents the same names, so a
 * column cannot be sortable in one and not in the other.
 */
export interface ListSpec {
  /** API sort name → column, for `pageRequest`. */
  readonly sortable: Sortable;
  /** The sort names as documented. */
  readonly sort: readonly string[];
  /** The embed tree, for `parseEmbed`. */
  readonly embeds: EmbedTree;
  /** The embeds as documented: dotted paths, each parent before its children. */
  readonly embed: readonly string[];
}

export function defineList(input: ListSpecInput): ListSpec {
  const columns = input.columns ?? {};
  const embeds = input.embeds ?? {};
  return {
    sortable: Object.fromEntries(input.sort.map((name) => [name, Object.hasOwn(columns, name) ? columns[name] : name])),
    sort: [...input.sort],
    embeds,
    embed: [...embedPaths(embeds), ...(input.registered ?? [])],
  };
}
