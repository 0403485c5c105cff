import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { mirrorOf } from './bidi.algorithm.js';

/**
 * The fonts of the quote PDF: Noto, from the @fontsource packages, which ship each family cut into
 * files by Unicode range (the ranges are in each package's CSS). A character is drawn with the
 * first file, in FAMILIES order, whose range holds it and whose font has a glyph for it. A file is
 * read and parsed the first time a character needs it, then kept for the life of the process;
 * PDFKit embeds only the glyphs a document uses (a subset) of each.
 */

export type Weight = 400 | 700;
export type Face = fontkit.Font;

/** Latin, Cyrillic, Greek, Vietnamese and the currency signs first, then the scripts Noto Sans lacks. */
const FAMILIES = ['noto-sans', 'noto-sans-hebrew', 'noto-sans-arabic', 'noto-sans-sc', 'noto-sans-kr', 'noto-emoji'];

interface Chunk {
  /** The file's name without its extension, e.g. "noto-sans-cyrillic-700-normal": the font's key in a document. */
  key: string;
  path: string;
  ranges: [number, number][];
}

const require = createRequire(import.meta.url);
const chunkLists = new Map<Weight, Chunk[]>();
const faces = new Map<string, Face>();
const byCodePoint = new Map<Weight, Map<number, Chunk | null>>();

function packageDir(family: string): string {
  return dirname(require.resolve(`@fontsource/${family}/package.json`));
}

/** The files of one weight of every family, in fallback order; a family without that weight lends its regular. */
function chunks(weight: Weight): Chunk[] {
  let list = chunkLists.get(weight);
  if (list) return list;
  list = [];
  for (const family of FAMILIES) {
    const dir = packageDir(family);
    let css: string;
    try {
      css = readFileSync(join(dir, `${weight}.css`), 'utf8');
    } catch {
      css = readFileSync(join(dir, '400.css'), 'utf8');
    }
    for (const block of css.split('@font-face').slice(1)) {
      const file = /url\(\.\/files\/([^)]+)\.woff\)/.exec(block)?.[1];
      const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
      if (!file) continue;
      list.push({ key: file, path: join(dir, 'files', `${file}.woff`), ranges: range ? parseRanges(range) : [[0, 0x10ffff]] });
    }
  }
  chunkLists.set(weight, list);
  return list;
}

function parseRanges(css: string): [number, number][] {
  return css.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to ?? from, 16)];
  });
}

function load(chunk: Chunk): Face {
  let face = faces.get(chunk.key);
  if (!face) {
    face = faithful(fontkit.create(woffToSfnt(readFileSync(chunk.path))) as Face);
    faces.set(chunk.key, face);
  }
  return face;
}

/**
 * A WOFF file as the TrueType font it wraps, every table inflated once. fontkit reads WOFF itself,
 * but inflates a table on every read of it: the whole glyph table again for each glyph PDFKit
 * embeds.
 */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) return woff; // not "wOFF": already a font file
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const [tag, offset, compLength, origLength, checksum] = [
      woff.readUInt32BE(at),
      woff.readUInt32BE(at + 4),
      woff.readUInt32BE(at + 8),
      woff.readUInt32BE(at + 12),
      woff.readUInt32BE(at + 16),
    ];
    const raw = woff.subarray(offset, offset + compLength);
    return { tag, checksum, data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const head = 12 + 16 * numTables;
  const size = tables.reduce((n, t) => n + Math.ceil(t.data.length / 4) * 4, head);
  const out = Buffer.alloc(size);
  const power = 2 ** Math.floor(Math.log2(numTables));
  out.writeUInt32BE(woff.readUInt32BE(4), 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = head;
  tables.forEach((t, i) => {
    out.writeUInt32BE(t.tag, 12 + i * 16);
    out.writeUInt32BE(t.checksum, 16 + i * 16);
    out.writeUInt32BE(offset, 20 + i * 16);
    out.writeUInt32BE(t.data.length, 24 + i * 16);
    t.data.copy(out, offset);
    offset += Math.ceil(t.data.length / 4) * 4;
  });
  return out;
}

type Glyph = fontkit.Glyph;

/**
 * The font with glyphs that carry the code points of each use. fontkit keeps one Glyph object per
 * glyph id with the code points of its first use in the process, and PDFKit writes those as the
 * text a reader extracts: a glyph that stands for several characters (an Arabic letter's body
 * without its dots) would then read as whatever the process drew first, and the bytes of a quote
 * would depend on what was rendered before it. `postscriptName` gives PDFKit a distinct font name
 * for a second copy of the same font in one document (see text-runs.typesetter.ts).
 */
export function faithful(base: Face, postscriptName?: string): Face {
  const face = Object.create(base) as Face;
  Object.defineProperty(face, 'getGlyph', {
    value(this: Face, id: number, characters: number[] = []): Glyph {
      const glyph = base.getGlyph.call(this, id, characters);
      const same = glyph.codePoints.length === characters.length && glyph.codePoints.every((c, i) => c === characters[i]);
      return same ? glyph : (Object.create(glyph, { codePoints: { value: characters } }) as Glyph);
    },
  });
  remember(face, base.layout as Layout);
  if (postscriptName) Object.defineProperty(face, 'postscriptName', { value: postscriptName });
  return face;
}

type Layout = (text: string | Glyph[], ...rest: unknown[]) => fontkit.GlyphRun;
interface KeptRun {
  glyphs: Glyph[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
}
const layouts = new WeakMap<Face, Map<string, KeptRun>>();

/**
 * fontkit's layout of a string kept per font (a bounded number of them): PDFKit lays each run out
 * again in every document. PDFKit scales the positions it gets in place, so every call gets a
 * copy of them.
 */
function remember(face: Face, layout: Layout): void {
  Object.defineProperty(face, 'layout', {
    configurable: true,
    value(this: Face, text: string | Glyph[], ...rest: unknown[]): fontkit.GlyphRun {
      if (typeof text !== 'string') return layout.call(this, text, ...rest);
      let kept = layouts.get(this);
      if (!kept) layouts.set(this, (kept = new Map()));
      const key = rest.some((r) => r !== undefined) ? `${text}\u0000${JSON.stringify(rest)}` : text;
      let run = kept.get(key);
      if (!run) {
        const fresh = layout.call(this, text, ...rest);
        run = {
          glyphs: fresh.glyphs,
          positions: fresh.positions.map((p) => ({ xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset })),
        };
        if (kept.size >= 20_000) kept.clear();
        kept.set(key, run);
      }
      const positions = run.positions.map((p) => ({ ...p }));
      return {
        glyphs: run.glyphs,
        positions,
        get advanceWidth() {
          return positions.reduce((sum, p) => sum + p.xAdvance, 0);
        },
      } as unknown as fontkit.GlyphRun;
    },
  });
}

export interface FaceRef {
  key: string;
  face: Face;
}

/** The font that draws a code point at a weight, or null when none of the families has it. */
export function faceFor(codePoint: number, weight: Weight): FaceRef | null {
  let known = byCodePoint.get(weight);
  if (!known) byCodePoint.set(weight, (known = new Map()));
  let chunk = known.get(codePoint);
  if (chunk === undefined) {
    chunk = null;
    for (const c of chunks(weight)) {
      if (c.ranges.some(([from, to]) => codePoint >= from && codePoint <= to) && load(c).hasGlyphForCodePoint(codePoint)) {
        chunk = c;
        break;
      }
    }
    known.set(codePoint, chunk);
  }
  return chunk ? { key: chunk.key, face: load(chunk) } : null;
}

const rtlFaces = new Map<string, FaceRef>();

/**
 * The font as it draws right-to-left text: each character that has a mirror image ("(", "«", "<")
 * gets its mirror's glyph, as the bidirectional algorithm asks (rule L4), and still reads back as
 * the character it is. A font of its own in the PDF (its glyphs stand for other characters).
 */
export function rightToLeft(ref: FaceRef): FaceRef {
  let rtl = rtlFaces.get(ref.key);
  if (!rtl) {
    const face = faithful(ref.face, `${ref.face.postscriptName}-RTL`);
    const layout = ref.face.layout as Layout;
    remember(face, function (this: Face, text: string | Glyph[], ...rest: unknown[]) {
      if (typeof text !== 'string') return layout.call(this, text, ...rest);
      const glyphs = [...text].map((ch) => {
        const cp = ch.codePointAt(0)!;
        return this.getGlyph(this.glyphForCodePoint(mirrorOf(cp)).id, [cp]);
      });
      return layout.call(this, glyphs, ...rest);
    });
    rtlFaces.set(ref.key, (rtl = { key: `${ref.key}~rtl`, face }));
  }
  return rtl;
}

/** The font of plain Latin text (and of anything no font has: its glyph is the font's empty box). */
export function baseFace(weight: Weight): FaceRef {
  return faceFor(0x41, weight)!;
}
