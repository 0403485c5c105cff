/**
 * Whether an address is its customer's default of its kind after a write. At most one address per
 * customer and kind is the default (setting one clears the others).
 *
 * - `is_default` sent: it wins.
 * - a new address, or one moved to the other kind: it becomes the default when that kind has none
 *   yet (so the first address of a kind is the default by itself).
 * - otherwise the address keeps what it had.
 */
export function resolveIsDefault(input: {
  requested: boolean | undefined;
  current: { is_default: boolean; kind: string } | null;
  kind: string;
  kindHasOtherDefault: boolean;
}): boolean {
  if (input.requested !== undefined) return input.requested;
  if (!input.current || input.current.kind !== input.kind) return !input.kindHasOtherDefault;
  return input.current.is_default;
}
