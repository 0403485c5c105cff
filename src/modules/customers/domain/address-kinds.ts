/** The kinds of a customer's address (without the entity, so a request class's thread loads no mapping). */
export const ADDRESS_KINDS = ['shipping', 'billing'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/**
 * Addresses sent for a customer paired with its stored ones: addresses have no key a client sets,
 * so the k-th address of a kind sent takes the k-th stored address of that kind (in the order
 * given, stored ones in id order); null where the kind has no k-th stored one (a new address).
 */
export function matchByKindAndPosition<R extends { kind: string }>(sent: readonly { kind: string }[], stored: readonly R[]): (R | null)[] {
  const storedOf = new Map<string, R[]>();
  for (const row of stored) {
    const own = storedOf.get(row.kind);
    if (own) own.push(row);
    else storedOf.set(row.kind, [row]);
  }
  const seen = new Map<string, number>();
  return sent.map(({ kind }) => {
    const k = seen.get(kind) ?? 0;
    seen.set(kind, k + 1);
    return storedOf.get(kind)?.[k] ?? null;
  });
}
