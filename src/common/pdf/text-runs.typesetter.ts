import { type Direction, levelsOf, visualOrder } from './bidi.algorithm.js';
import { type FaceRef, type Weight, baseFace, faceFor, faithful, rightToLeft } from './fonts.registry.js';

/**
 * Text in any script on a PDFKit page: a string is cut into runs by the font that has each
 * character's glyph (fonts.ts) and by bidirectional level (bidi.ts); widths are the sum of the
 * runs' shaped widths, so wrapping and right alignment hold across fonts.
 */

export interface TextStyle {
  weight: Weight;
  size: number;
}

interface Run {
  /** Logical order. */
  text: string;
  face: FaceRef;
  level: number;
  /** The run's place in logical order. */
  order: number;
}

// Scripts fontkit lays out right to left by itself (it reverses their glyphs after shaping).
const RTL_SCRIPT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
// Characters that belong to the character before them: combining marks, joiners, variation selectors.
const ATTACHED = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f])$/u;
// Spaces and punctuation: they stay in the current run when its font has them, so a run of Arabic
// or Hebrew words is shaped (and reversed) as one; not in the emoji font, whose space is an emoji's width.
const NEUTRAL = /[\s\p{P}\p{Zs}]/u;

function runsOf(text: string, weight: Weight, levels: Uint8Array | null): Run[] {
  const runs: Run[] = [];
  let current: Run | undefined;
  let index = 0;
  for (const ch of text) {
    const level = levels ? levels[index] : 0;
    index += ch.length;
    const cp = ch.codePointAt(0)!;
    let face: FaceRef;
    if (
      current &&
      current.level === level &&
      (ATTACHED.test(ch) || (NEUTRAL.test(ch) && !current.face.key.startsWith('noto-emoji') && current.face.face.hasGlyphForCodePoint(cp)))
    ) {
      face = current.face;
    } else {
      face = faceFor(cp, weight) ?? current?.face ?? baseFace(weight);
    }
    if (current && current.face.key === face.key && current.level === level) current.text += ch;
    else runs.push((current = { text: ch, face, level, order: runs.length }));
  }
  return runs;
}

// Shaped widths, by font and text: wrapping measures the same words again and again. Bounded, as
// the texts are the stores' own.
const widths = new Map<string, number>();

function runWidth(run: { text: string; face: FaceRef }, size: number): number {
  const key = `${run.face.key}\u0000${run.text}`;
  let units = widths.get(key);
  if (units === undefined) {
    const { face } = run.face;
    units = face.layout(run.text).advanceWidth / face.unitsPerEm;
    if (widths.size >= 50_000) widths.clear();
    widths.set(key, units);
  }
  return units * size;
}

/** The width of a string drawn in the style, in points. */
export function widthOf(text: string, style: TextStyle): number {
  let width = 0;
  for (const run of runsOf(text, style.weight, null)) width += runWidth(run, style.size);
  return width;
}

// Where a line may break: after spaces, and around each Chinese, Japanese or Korean character.
const PIECES =
  /\s+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]+/gu;

/** The lines of a text wrapped to a width, in logical order (each is reordered when drawn). */
export function wrap(text: string, style: TextStyle, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const piece of paragraph.match(PIECES) ?? []) {
      const space = /^\s+$/.test(piece);
      if (!line) line = space ? '' : piece;
      else if (widthOf((line + piece).trimEnd(), style) <= width) line += piece;
      else {
        lines.push(line.trimEnd());
        line = space ? '' : piece;
      }
      // A word wider than the whole line: cut it between characters.
      while (widthOf(line.trimEnd(), style) > width) {
        const chars = [...line];
        let cut = 1;
        while (cut < chars.length && widthOf(chars.slice(0, cut + 1).join(''), style) <= width) cut++;
        lines.push(chars.slice(0, cut).join(''));
        line = chars.slice(cut).join('');
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** A line's runs in visual order, each with the text PDFKit must be given and its width. */
export function visualRuns(line: string, style: TextStyle, direction: Direction = 'ltr'): VisualRun[] {
  return visualOrder(runsOf(line, style.weight, levelsOf(line, direction))).flatMap((run): VisualRun[] => {
    if (!(run.level % 2)) return [{ text: run.text, face: run.face, width: runWidth(run, style.size), shaped: false, order: run.order }];
    // Right to left: fontkit shapes a run of a right-to-left script and reverses it. Any other run
    // (spaces, punctuation) goes character by character, right to left.
    const face = rightToLeft(run.face);
    if (RTL_SCRIPT.test(run.text))
      return [{ text: run.text, face, width: runWidth({ text: run.text, face }, style.size), shaped: true, order: run.order }];
    const chars = [...run.text];
    return chars
      .map((text, i) => ({ text, face, width: runWidth({ text, face }, style.size), shaped: false, order: run.order + i / chars.length }))
      .reverse();
  });
}

export interface VisualRun {
  text: string;
  face: FaceRef;
  width: number;
  /**
   * A right-to-left run that fontkit must shape and reverse whole: PDFKit, left to itself, lays
   * text out word by word, which would reverse each word but keep the words in logical order.
   */
  shaped: boolean;
  /** Where the run comes in logical order. */
  order: number;
}

export interface Cursor {
  font(src: unknown, family: string): Cursor;
  fontSize(size: number): Cursor;
  text(text: string, x: number, y: number, options: object): Cursor;
}

/**
 * One line drawn with its baseline at `baseline`: starting at `x` (left), or ending there (right).
 * Returns the line's width.
 */
export function drawLine(
  doc: Cursor,
  line: string,
  style: TextStyle,
  x: number,
  baseline: number,
  align: 'left' | 'right' = 'left',
  direction: Direction = 'ltr',
): number {
  const runs = visualRuns(line, style, direction);
  const width = runs.reduce((sum, r) => sum + r.width, 0);
  let left = align === 'right' ? x - width : x;
  const placed: { run: VisualRun; at: number }[] = [];
  for (const run of runs) {
    if (run.shaped && !readsBack(run)) {
      // A glyph of this run stands for two characters: word by word (letters join within a word
      // only), each with the copy of the font it reads back right with.
      const words = run.text.match(/\S+\s*|\s+/g) ?? [];
      let right = left + run.width;
      words.forEach((text, i) => {
        const width = runWidth({ text, face: run.face }, style.size);
        right -= width;
        placed.push({ run: { ...run, text, width, order: run.order + i / words.length }, at: right });
      });
    } else placed.push({ run, at: left });
    left += run.width;
  }
  // Drawn in reading order, each at its place: what a reader extracts (or a screen reader reads)
  // comes out in logical order, whatever the visual one.
  placed.sort((a, b) => a.run.order - b.run.order);
  for (const { run, at } of placed) {
    const font = resourceFor(doc, run);
    doc
      .font(font.face, font.key)
      .fontSize(style.size)
      .text(run.text, at, baseline, {
        lineBreak: false,
        baseline: 'alphabetic',
        // Features (none beyond the script's own) make PDFKit hand the whole run to fontkit at once.
        ...(run.shaped ? { features: [] } : {}),
      });
  }
  return width;
}

interface Resource extends FaceRef {
  /** The characters each glyph id stands for in this copy of the font (PDFKit's ToUnicode map). */
  text: Map<number, string>;
}
const resources = new WeakMap<Cursor, Map<string, Resource[]>>();

/**
 * The copy of a run's font to draw it with in this document: the first whose glyphs so far stand
 * for the same characters as in this run. A PDF font maps each glyph to one text, so where a glyph
 * stands for two characters (Arabic "ت" and "ي" share a body, the dots are separate glyphs) the
 * second is drawn with a second copy of the font, and both read back as written.
 */
const glyphCache = new Map<string, (readonly [number, string])[]>();

/** Each glyph id of the run with the text it stands for there. */
function glyphTexts(run: VisualRun): (readonly [number, string])[] {
  const key = `${run.face.key}\u0000${run.text}`;
  let glyphs = glyphCache.get(key);
  if (!glyphs) {
    glyphs = run.face.face.layout(run.text).glyphs.map((g) => [g.id, String.fromCodePoint(...g.codePoints)] as const);
    if (glyphCache.size >= 50_000) glyphCache.clear();
    glyphCache.set(key, glyphs);
  }
  return glyphs;
}

/** Whether each glyph of the run stands for one text throughout the run. */
function readsBack(run: VisualRun): boolean {
  const seen = new Map<number, string>();
  return glyphTexts(run).every(([id, text]) => id === 0 || (seen.get(id) ?? (seen.set(id, text), text)) === text);
}

function resourceFor(doc: Cursor, run: VisualRun): Resource {
  let fonts = resources.get(doc);
  if (!fonts) resources.set(doc, (fonts = new Map()));
  let copies = fonts.get(run.face.key);
  if (!copies) fonts.set(run.face.key, (copies = []));
  // Glyph 0, the empty box of a character no font has, is left out: one copy of a font per such
  // character (a Korean name) would be too many.
  const glyphs = glyphTexts(run).filter(([id]) => id !== 0);
  for (let k = 0; ; k++) {
    copies[k] ??= {
      key: k ? `${run.face.key}~${k}` : run.face.key,
      face: k ? faithful(run.face.face, `${run.face.face.postscriptName}-${k}`) : run.face.face,
      text: new Map(),
    };
    const copy = copies[k];
    if (glyphs.every(([id, text]) => (copy.text.get(id) ?? text) === text)) {
      for (const [id, text] of glyphs) copy.text.set(id, text);
      return copy;
    }
  }
}

/**
 * To call before `doc.end()`: a glyph that stands for no character (the dots shaping splits off an
 * Arabic letter) reads as a zero-width joiner, which readers drop, and not as nothing, which they
 * take as the glyph's number. (It cannot carry the joiner while laid out: fontkit draws a
 * default-ignorable character as an empty space.)
 */
export function finishFonts(doc: Cursor): void {
  const families = (doc as unknown as { _fontFamilies: Record<string, { unicode?: number[][] }> })._fontFamilies;
  for (const font of new Set(Object.values(families))) {
    font.unicode?.forEach((codePoints, gid, all) => {
      if (codePoints.length === 0) all[gid] = [0x200d];
    });
  }
}
