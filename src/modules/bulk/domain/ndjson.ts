/**
 * Splits an NDJSON upload into its lines as the bytes arrive (docs/api.md#bulk-import-and-export), never holding more than
 * one line and one read of the stream: lines end with `\n` (a `\r` before it is dropped, the last
 * newline is optional), blank lines are skipped but keep their number, and each line comes out as
 * its text, or as a flaw when it cannot be stored as text (not UTF-8, a NUL character) or is longer
 * than MAX_LINE_BYTES (whose bytes are dropped as they come, so one endless line cannot fill memory).
 */

/** The longest line kept: a product with every part fits many times over (a batch body is 16 MiB). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** Why a line was not kept as text: it fails on its own, with this as its `errors.line`. */
export type LineFlaw = 'not_text' | 'too_long';

export const LINE_FLAW_MESSAGES: Record<LineFlaw, string> = {
  not_text: 'is not JSON (not UTF-8 text, or it holds a NUL character)',
  too_long: `is longer than ${MAX_LINE_BYTES} bytes`,
};

/** A non-blank line: its number in the file (from 1) and its text, or the flaw that replaces it. */
export interface UploadLine {
  line: number;
  text: string | null;
  flaw: LineFlaw | null;
}

/** The upload is larger than the limit (413; nothing is kept). */
export class UploadTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
  }
}

const NEWLINE = 0x0a;
const decoder = new TextDecoder('utf-8', { fatal: true });

function lineOf(bytes: Buffer, line: number): UploadLine | null {
  let end = bytes.length;
  if (end > 0 && bytes[end - 1] === 0x0d) end--;
  let blank = true;
  for (let i = 0; i < end; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x09 && b !== 0x0d) {
      blank = false;
      break;
    }
  }
  if (blank) return null;
  const body = bytes.subarray(0, end);
  if (body.includes(0)) return { line, text: null, flaw: 'not_text' };
  try {
    return { line, text: decoder.decode(body), flaw: null };
  } catch {
    return { line, text: null, flaw: 'not_text' };
  }
}

/**
 * The lines of `source`, in groups (one per read of the stream, so a COPY gets them in a few large
 * writes). Throws UploadTooLargeError once more than `maxBytes` came.
 */
export async function* uploadLines(source: AsyncIterable<Buffer | string>, maxBytes: number): AsyncGenerator<UploadLine[]> {
  let total = 0;
  let number = 0;
  /** The start of the line in progress, from earlier reads. */
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let overlong = false;
  for await (const piece of source) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    total += chunk.length;
    if (total > maxBytes) throw new UploadTooLargeError(maxBytes);
    const out: UploadLine[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(NEWLINE, start); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
      number++;
      if (overlong || pendingBytes + (nl - start) > MAX_LINE_BYTES) {
        out.push({ line: number, text: null, flaw: 'too_long' });
      } else {
        const bytes = pending.length ? Buffer.concat([...pending, chunk.subarray(start, nl)]) : chunk.subarray(start, nl);
        const line = lineOf(bytes, number);
        if (line) out.push(line);
      }
      pending = [];
      pendingBytes = 0;
      overlong = false;
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (overlong || pendingBytes + rest.length > MAX_LINE_BYTES) {
        overlong = true;
        pending = [];
        pendingBytes = 0;
      } else {
        // A copy: the stream may reuse its buffer.
        pending.push(Buffer.from(rest));
        pendingBytes += rest.length;
      }
    }
    if (out.length) yield out;
  }
  if (overlong || pendingBytes > 0) {
    number++;
    const line = overlong ? { line: number, text: null, flaw: 'too_long' as const } : lineOf(Buffer.concat(pending), number);
    if (line) yield [line];
  }
}
