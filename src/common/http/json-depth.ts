/** How deep arrays and objects may nest in a request body, the body itself counting as the first level. */
export const MAX_JSON_DEPTH = 32;

/**
 * The top-level field of a parsed JSON body whose value nests arrays or objects deeper than
 * MAX_JSON_DEPTH (`body` when the body itself does), else null. Iterative: a body of 100,000 nested
 * arrays is answered, not a stack overflow in whatever walks it next (validation, fingerprints).
 */
export function tooDeepField(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const stack: { value: object; depth: number; field: string | null }[] = [{ value: body, depth: 1, field: null }];
  while (stack.length > 0) {
    const { value, depth, field } = stack.pop()!;
    const isArray = Array.isArray(value);
    for (const key of isArray ? value.keys() : Object.keys(value)) {
      const child = (value as Record<string | number, unknown>)[key];
      if (child === null || typeof child !== 'object') continue;
      // A top-level array's elements have no field name; the body is what nests too deep then.
      const at = field ?? (isArray ? 'body' : String(key));
      if (depth + 1 > MAX_JSON_DEPTH) return at;
      stack.push({ value: child, depth: depth + 1, field: at });
    }
  }
  return null;
}
