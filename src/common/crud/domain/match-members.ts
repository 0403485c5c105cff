/**
 * Members of a batch or a collection PUT paired with the stored rows they name: for each member, in
 * the request's order, the row whose key equals the member's (compared as `fold` says), or null when
 * none has it (the member is created). Keys are compared by own values only: a key `constructor`
 * finds nothing it should not. Members repeating a key were refused before (422 on the later one).
 */
export function matchMembers<R, M>(
  rows: readonly R[],
  members: readonly M[],
  rowKey: (row: R) => string,
  memberKey: (member: M) => string,
  fold: (key: string) => string = (k) => k,
): (R | null)[] {
  const byKey = new Map<string, R>();
  for (const row of rows) byKey.set(fold(rowKey(row)), row);
  return members.map((member) => byKey.get(fold(memberKey(member))) ?? null);
}

/** The fold of a key as its table compares it. */
export function keyFold(fold: 'upper' | 'lower' | undefined): (key: string) => string {
  if (fold === 'upper') return (k) => k.toUpperCase();
  if (fold === 'lower') return (k) => k.toLowerCase();
  return (k) => k;
}
