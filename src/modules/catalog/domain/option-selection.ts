/**
 * Option values chosen for a variant (or a quote item): option name → value. Pure rules shared by
 * variant validation and by quotes, which pick the variant an item's options select.
 */
export interface OptionRule {
  name: string;
  values: string[];
}

/**
 * Why `selection` is not a valid choice among `options`, or null. Every name must be one of the
 * options and every value one of that option's values; `complete` also requires every option.
 */
export function selectionError(options: OptionRule[], selection: Record<string, unknown>, complete: boolean): string | null {
  const byName = new Map(options.map((o) => [o.name, o]));
  for (const [name, value] of Object.entries(selection)) {
    const option = byName.get(name);
    if (!option) return `"${name}" is not an option of the product${options.length ? ` (options: ${[...byName.keys()].join(', ')})` : ''}`;
    if (typeof value !== 'string' || !option.values.includes(value)) return `"${name}" must be one of: ${option.values.join(', ')}`;
  }
  if (complete) {
    const missing = options.filter((o) => !Object.hasOwn(selection, o.name)).map((o) => o.name);
    if (missing.length > 0) return `must choose a value for every option of the product; missing: ${missing.join(', ')}`;
  }
  return null;
}

/** The variant whose options are exactly `selection` (same names, same values), or null. */
export function findVariant<V extends { options: Record<string, string> }>(variants: V[], selection: Record<string, string>): V | null {
  const names = Object.keys(selection);
  return (
    variants.find((v) => {
      const own = Object.keys(v.options);
      return own.length === names.length && names.every((n) => v.options[n] === selection[n]);
    }) ?? null
  );
}
