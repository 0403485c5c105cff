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
  for (const [name, value] of Object.entries(selection)) {
    const option = optionNamed(options, name);
    if (!option)
      return `"${name}" is not an option of the product${options.length ? ` (options: ${[...new Set(options.map((o) => o.name))].join(', ')})` : ''}`;
    if (typeof value !== 'string' || !option.values.includes(value)) return `"${name}" must be one of: ${option.values.join(', ')}`;
  }
  if (complete) {
    const missing = options.filter((o) => !Object.hasOwn(selection, o.name)).map((o) => o.name);
    if (missing.length > 0) return `must choose a value for every option of the product; missing: ${missing.join(', ')}`;
  }
  return null;
}

/**
 * The option of that name; the last one when a list repeats a name (that list is refused for it). A
 * scan, not a map: a product has a few options, and a catalog import asks this for every one of its variants.
 */
function optionNamed(options: OptionRule[], name: string): OptionRule | undefined {
  for (let i = options.length - 1; i >= 0; i--) if (options[i].name === name) return options[i];
  return undefined;
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
