/**
 * Singular and plural spellings are aliases (docs/api.md#paths-and-identifiers): `routes('product|products/:p/extra|extras/:id')`
 * is every combination of the alternatives, for one handler.
 */
export function routes(pattern: string): string[] {
  return pattern
    .split('/')
    .map((segment) => segment.split('|'))
    .reduce<string[]>((paths, options) => paths.flatMap((p) => options.map((o) => (p ? `${p}/${o}` : o))), ['']);
}
