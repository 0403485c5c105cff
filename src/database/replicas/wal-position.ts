/**
 * A position in PostgreSQL's write-ahead log (an LSN), as PostgreSQL prints it (`16/B374D848`: the
 * high and low 32 bits in hex) and as this app stores it: 16 hex digits, zero-padded, so that
 * positions compare as strings (in Redis, say) the way they compare as numbers.
 */
export type WalPosition = string;

const LSN = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

/** `16/B374D848` → `00000016B374D848`; null for anything else (a NULL from a server that is no replica). */
export function walPosition(lsn: string | null | undefined): WalPosition | null {
  const m = lsn ? LSN.exec(lsn) : null;
  if (!m) return null;
  return (m[1].padStart(8, '0') + m[2].padStart(8, '0')).toUpperCase();
}

/** True when `replayed` is at or past `needed` (a replica that replayed that far has that write). */
export function hasReached(replayed: WalPosition | null, needed: WalPosition | null): boolean {
  if (needed === null) return true;
  return replayed !== null && replayed >= needed;
}

/** The later of two positions. */
export function laterOf(a: WalPosition | null, b: WalPosition | null): WalPosition | null {
  if (a === null) return b;
  if (b === null) return a;
  return a >= b ? a : b;
}
