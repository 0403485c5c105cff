/**
 * The stock an order takes (docs/api.md#orders): for each product that tracks inventory, the units of
 * all its lines together leave `in_stock_amount`; a product that would go below 0 is short unless
 * it allows negative stock or preorders. Integers only.
 */
import type { StockRow } from '../../catalog/products/product-rows.repository.js';

/** A line that wants units of a product. */
export interface StockLine {
  product_id: number;
  quantity: number;
}

/** A product that lacks units: what was wanted and what there is. */
export interface Shortage {
  product_id: number;
  name: string;
  wanted: number;
  in_stock: number;
}

/** What a conversion takes: units per tracked product, or the products short of them. */
export interface StockTake {
  /** Product id → units to take (tracked products only). */
  take: Map<number, number>;
  shortages: Shortage[];
}

/** `products`: their stock and flags as the catalog locks them for the conversion (ProductsService.lockStock). */
export function stockTake(lines: readonly StockLine[], products: readonly StockRow[]): StockTake {
  const byId = new Map(products.map((p) => [p.id, p]));
  const wanted = new Map<number, number>();
  for (const l of lines) {
    const p = byId.get(l.product_id);
    if (!p || !p.track_inventory) continue;
    wanted.set(p.id, (wanted.get(p.id) ?? 0) + l.quantity);
  }
  const shortages: Shortage[] = [];
  for (const [id, units] of wanted) {
    const p = byId.get(id)!;
    const inStock = p.in_stock_amount ?? 0;
    if (inStock - units < 0 && !p.allow_negative_stock && !p.allow_preorder) {
      shortages.push({ product_id: id, name: p.name, wanted: units, in_stock: inStock });
    }
  }
  return { take: wanted, shortages };
}

/** The 409 message listing what is short. */
export function shortageMessage(number: string, shortages: readonly Shortage[]): string {
  const list = shortages.map((s) => `${s.name} (product ${s.product_id}): ${s.wanted} wanted, ${s.in_stock} in stock`).join('; ');
  return `Quote ${number} cannot be ordered: not enough stock for ${list}.`;
}

/**
 * Units each line takes, in line order: a tracked product's lines each take their quantity (what
 * a cancel gives back, line by line). Untracked products' lines take 0.
 */
export function unitsTaken(lines: readonly StockLine[], take: ReadonlyMap<number, number>): number[] {
  return lines.map((l) => (take.has(l.product_id) ? l.quantity : 0));
}

/** Units to give back per product when an order is cancelled: the sum of its lines' taken units. */
export function stockReturn(lines: readonly { product_id: number | null; stock_taken: number }[]): Map<number, number> {
  const back = new Map<number, number>();
  for (const l of lines) {
    if (l.product_id === null || l.stock_taken <= 0) continue;
    back.set(l.product_id, (back.get(l.product_id) ?? 0) + l.stock_taken);
  }
  return back;
}
