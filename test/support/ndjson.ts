import type { Test } from 'supertest';

/** A request whose answer is NDJSON (an import's results, an export's file): its body read whole as text. */
export function asText(req: Test): Test {
  return req.buffer(true).parse((r, cb) => {
    let text = '';
    r.setEncoding('utf8');
    r.on('data', (c: string) => (text += c));
    r.on('end', () => cb(null, text));
  });
}

/** The JSON value of each line of an NDJSON text, blank lines left out. */
export function ndjsonLines<T = Record<string, unknown>>(text: string): T[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
}
