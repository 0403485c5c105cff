/**
 * What every PDF of the project starts from, whatever it shows: the paper of the reader's locale,
 * and Info strings that cannot become markup in the file's XMP packet.
 */

export const PAPER = { A4: [595.28, 841.89], LETTER: [612, 792] } as const;

/** Letter where the locale's region is the US or Canada, A4 everywhere else. */
export function paperFor(locale: string): 'LETTER' | 'A4' {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  return region === 'US' || region === 'CA' ? 'LETTER' : 'A4';
}

/**
 * PDFKit copies the Info strings (title, author) into the file's XMP packet as they are, so a name
 * holding markup (`</rdf:li>…<dc:rights>`) would become elements there. The packet gets them as XML
 * text; the Info dictionary keeps them as written (PDFKit escapes PDF strings itself).
 */
export function escapedXmp(doc: PDFKit.PDFDocument): void {
  const d = doc as unknown as { info: Record<string, unknown>; _addInfo: () => void };
  const addInfo = d._addInfo;
  d._addInfo = function (this: typeof d) {
    const info = this.info;
    this.info = Object.fromEntries(Object.entries(info).map(([k, v]) => [k, typeof v === 'string' ? xmlText(v) : v]));
    try {
      addInfo.call(this);
    } finally {
      this.info = info;
    }
  };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML 1.0 character data: markup escaped, characters XML cannot carry replaced by U+FFFD. */
export function xmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]).replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD');
}
