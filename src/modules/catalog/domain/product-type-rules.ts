/**
 * How a product type binds its products (docs/api.md#product-types): which parts a product of the type may have,
 * whether an order takes its stock, and whether it has shipping dimensions. Pure rules: the part
 * services, the product writes (item and batch) and the stock an order takes all call these.
 */

/** What the rules read of a type. */
export interface TypeFlags {
  name: string;
  api_code: string;
  has_shipping: boolean;
  has_inventory: boolean;
  has_options: boolean;
  has_variants: boolean;
  has_extras: boolean;
}

/** The parts a type may forbid, in the order refusals name them. */
const PRODUCT_PARTS = ['options', 'variants', 'extras'] as const;
export type ProductPart = (typeof PRODUCT_PARTS)[number];

/** The product fields that exist only for a type with shipping. */
const SHIPPING_FIELDS = ['weight', 'width', 'height', 'depth'] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];

const FLAG: Record<ProductPart, 'has_options' | 'has_variants' | 'has_extras'> = {
  options: 'has_options',
  variants: 'has_variants',
  extras: 'has_extras',
};

const SINGULAR: Record<ProductPart, string> = { options: 'option', variants: 'variant', extras: 'extra' };

function allowsPart(type: TypeFlags, part: ProductPart): boolean {
  return type[FLAG[part]];
}

/** The 409 message for adding a part the type does not have; null when it has it. */
export function partRefusal(type: TypeFlags, part: ProductPart): string | null {
  if (allowsPart(type, part)) return null;
  return `Products of type ${type.api_code} (${type.name}) cannot have ${part}: the type has no ${SINGULAR[part]}s.`;
}

/** How many parts of each kind a product has (live options only). */
export type PartCounts = Record<ProductPart, number>;

/** The parts a product has that `type` forbids, in PRODUCT_PARTS order. */
export function forbiddenParts(type: TypeFlags, counts: PartCounts): ProductPart[] {
  return PRODUCT_PARTS.filter((part) => counts[part] > 0 && !allowsPart(type, part));
}

/** The 409 message for moving a product to a type that forbids parts it has; null when it may move. */
export function moveRefusal(type: TypeFlags, counts: PartCounts): string | null {
  const parts = forbiddenParts(type, counts);
  if (parts.length === 0) return null;
  const listed = parts.map((p) => `${counts[p]} ${counts[p] === 1 ? SINGULAR[p] : p}`).join(', ');
  return `The product cannot become of type ${type.api_code} (${type.name}): it has ${listed}, which the type does not have; remove them first.`;
}

/** The parts whose flag goes from on to off when `type` takes `values` (flags left out stay). */
export function partsTurnedOff(type: TypeFlags, values: Partial<Record<keyof TypeFlags, unknown>>): ProductPart[] {
  return PRODUCT_PARTS.filter((part) => type[FLAG[part]] && values[FLAG[part]] !== undefined && !values[FLAG[part]]);
}

/** The 409 message for turning off the flag of `part` while `count` products of the type have it (`names`: the first of them). */
export function flagOffRefusal(type: TypeFlags, part: ProductPart, count: number, names: readonly string[]): string {
  const listed = names.join(', ') + (count > names.length ? `, and ${count - names.length} more` : '');
  return `Product type ${type.api_code} (${type.name}) cannot lose ${FLAG[part]}: products of the type have ${part} (${listed}); remove them first.`;
}

/** Whether an order takes this product's stock: only when it tracks inventory and its type has inventory. */
export function tracksInventory(trackInventory: boolean, type: Pick<TypeFlags, 'has_inventory'>): boolean {
  return trackInventory && type.has_inventory;
}

/** A shipping dimension as the product shows it: null for a type without shipping. */
export function shippingValue<T>(value: T, type: Pick<TypeFlags, 'has_shipping'>): T | null {
  return type.has_shipping ? value : null;
}

/** What a product of a type without shipping stores in its shipping fields (what a create gives them). */
export const NO_SHIPPING_VALUES = { weight: '0', depth: null, width: null, height: null } as const;

/**
 * The shipping fields given a value (neither absent nor null) for a type without shipping: each is a
 * 422 on that field. Empty for a type with shipping.
 */
export function refusedShippingFields(
  type: Pick<TypeFlags, 'has_shipping'>,
  values: Partial<Record<ShippingField, unknown>>,
): ShippingField[] {
  if (type.has_shipping) return [];
  return SHIPPING_FIELDS.filter((f) => values[f] !== undefined && values[f] !== null);
}

/** The field error of a refused shipping field. */
export function shippingFieldError(type: Pick<TypeFlags, 'api_code'>): string {
  return `must be null: products of type ${type.api_code} have no shipping`;
}
