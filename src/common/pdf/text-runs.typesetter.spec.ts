import { paperFor } from './pdf-document.setup.js';
import { visualOrder } from './bidi.algorithm.js';
import { visualRuns, widthOf, wrap } from './text-runs.typesetter.js';

const REGULAR = { weight: 400 as const, size: 10 };
/** A line's pieces as drawn, left to right: [text given to PDFKit, font file]. */
const drawn = (line: string) => visualRuns(line, REGULAR).map((r) => [r.text, r.face.key.replace(/-400-normal/, '')]);

describe('visualOrder (rule L2 on runs)', () => {
  it('reverses every sequence at or above each odd level, highest first', () => {
    const runs = [0, 1, 1, 2, 1, 0].map((level, i) => ({ level, i }));
    expect(visualOrder(runs).map((r) => r.i)).toEqual([0, 4, 3, 2, 1, 5]);
    expect(visualOrder([{ level: 0 }, { level: 0 }])).toEqual([{ level: 0 }, { level: 0 }]);
  });
});

describe('visualRuns', () => {
  it('draws each script with a font that has it, Latin first', () => {
    // A space stays with the run before it when that font has one.
    expect(drawn('Кофе 办公 Ελλάδα ☕')).toEqual([
      ['Кофе ', 'noto-sans-cyrillic'],
      ['办', 'noto-sans-sc-116'],
      ['公 ', 'noto-sans-sc-118'],
      ['Ελλάδα ', 'noto-sans-greek'],
      ['☕', 'noto-emoji-6'],
    ]);
    // Not in the emoji font, whose space is as wide as an emoji.
    expect(drawn('☕ x')).toEqual([
      ['☕', 'noto-emoji-6'],
      [' x', 'noto-sans-latin'],
    ]);
  });

  it('puts right-to-left words right to left, each run in logical order for fontkit to shape and reverse', () => {
    // "Color: dark brown" in Hebrew after a Latin label: the Hebrew run is one piece, handed over in
    // logical order (fontkit reverses it).
    expect(drawn('Color: חום כהה')).toEqual([
      ['Color: ', 'noto-sans-latin'],
      ['חום כהה', 'noto-sans-hebrew-hebrew~rtl'],
    ]);
    // Two right-to-left runs with a parenthesis between: the later one comes first (leftmost); the
    // parentheses are drawn with the right-to-left copy of the font, which mirrors them.
    expect(drawn('א (ב)')).toEqual([
      [')', 'noto-sans-latin~rtl'],
      ['ב', 'noto-sans-hebrew-hebrew~rtl'],
      ['(', 'noto-sans-latin~rtl'],
      ['א ', 'noto-sans-hebrew-hebrew~rtl'],
    ]);
    // Digits keep their left-to-right order inside right-to-left text.
    expect(drawn('שחור 2024').map(([text]) => text)).toEqual(['2024', 'שחור ']);
  });

  it('shapes Arabic: joined forms are narrower than the letters apart', () => {
    const word = 'مكتب';
    const apart = [...word].reduce((w, ch) => w + widthOf(ch, REGULAR), 0);
    expect(widthOf(word, REGULAR)).toBeLessThan(apart * 0.8);
  });
});

describe('wrap', () => {
  it('breaks at spaces, between Chinese characters, and inside a word wider than the line', () => {
    const width = widthOf('Ergonomic office', REGULAR) + 1;
    expect(wrap('Ergonomic office chair, graphite', REGULAR, width)).toEqual(['Ergonomic office', 'chair, graphite']);
    const han = '办公椅人体工学办公椅人体工学';
    const lines = wrap(han, REGULAR, widthOf('办公椅人体', REGULAR) + 1);
    expect(lines).toEqual(['办公椅人体', '工学办公椅', '人体工学']);
    expect(wrap('x'.repeat(40), REGULAR, widthOf('x'.repeat(10), REGULAR) + 0.1)).toEqual([
      'x'.repeat(10),
      'x'.repeat(10),
      'x'.repeat(10),
      'x'.repeat(10),
    ]);
    expect(wrap('one\ntwo', REGULAR, 500)).toEqual(['one', 'two']);
  });
});

describe('paperFor', () => {
  it('is Letter where the locale’s region is the US or Canada, A4 elsewhere and for a locale it cannot read', () => {
    expect(['en-US', 'en', 'en-CA', 'fr-CA', 'es-US'].map(paperFor)).toEqual(['LETTER', 'LETTER', 'LETTER', 'LETTER', 'LETTER']);
    expect(['en-GB', 'de-DE', 'fr', 'ru-RU', 'ja-JP', 'he-IL', 'not a locale'].map(paperFor)).toEqual([
      'A4',
      'A4',
      'A4',
      'A4',
      'A4',
      'A4',
      'A4',
    ]);
  });
});
