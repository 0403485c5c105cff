/**
 * Which events an endpoint receives: each pattern is an exact type (`quote.sent`), a prefix ending
 * in `.*` (`quote.*`: every type that starts with `quote.`, `quote.delivery.failed` included) or `*`
 * (everything). The SQL of the fan-out (WebhooksRepository.recordEvents) applies the same rule.
 */
export const EVENT_PATTERN = /^(\*|[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*(\.\*)?)$/;

export function isEventPattern(pattern: string): boolean {
  return pattern.length <= 64 && EVENT_PATTERN.test(pattern);
}

export function matchesPattern(pattern: string, type: string): boolean {
  if (pattern === '*' || pattern === type) return true;
  return pattern.endsWith('.*') && type.startsWith(pattern.slice(0, -1));
}

export function matchesAny(patterns: readonly string[], type: string): boolean {
  return patterns.some((p) => matchesPattern(p, type));
}
