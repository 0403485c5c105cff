/**
 * Which events an endpoint receives: each pattern is an exact type (`quote.sent`), a prefix ending
 * in `.*` (`quote.*`: every type that starts with `quote.`, `quote.delivery.failed` included) or `*`
 * (everything). Matching is done once, in the SQL of the fan-out (EventsRepository.recordEvents).
 */
export const EVENT_PATTERN = /^(\*|[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*(\.\*)?)$/;

export function isEventPattern(pattern: string): boolean {
  return pattern.length <= 64 && EVENT_PATTERN.test(pattern);
}
