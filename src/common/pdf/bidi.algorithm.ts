import bidiFactory from 'bidi-js';

/**
 * The Unicode bidirectional algorithm (bidi-js), as the PDF needs it: a line's characters keep
 * their logical order, each gets a level, and runs are laid out in visual order.
 */
const bidi = bidiFactory();

export type Direction = 'ltr' | 'rtl';

/**
 * Embedding levels of a line, one per UTF-16 code unit, in a paragraph of the given direction
 * (the document's: a Hebrew name in a left-to-right table keeps its columns' order, "+ name (price)"
 * keeps its "+" first).
 */
export function levelsOf(line: string, direction: Direction): Uint8Array {
  return bidi.getEmbeddingLevels(line, direction).levels;
}

/** The character drawn for a code point at a right-to-left level (rule L4): ")" for "(". */
export function mirrorOf(codePoint: number): number {
  return bidi.getMirroredCharacter(String.fromCodePoint(codePoint))?.codePointAt(0) ?? codePoint;
}

/**
 * Rule L2 on runs: from the highest level down to the lowest odd one, every maximal sequence of
 * runs at that level or above is reversed. Each run's own text is left in logical order.
 */
export function visualOrder<T extends { level: number }>(runs: T[]): T[] {
  const out = [...runs];
  if (out.length < 2) return out;
  const highest = Math.max(...out.map((r) => r.level));
  const lowestOdd = Math.min(...out.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < out.length;) {
      if (out[i].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < out.length && out[j].level >= level) j++;
      const reversed = out.slice(i, j).reverse();
      out.splice(i, j - i, ...reversed);
      i = j;
    }
  }
  return out;
}
