import { MAX_LINE_BYTES, type UploadLine, UploadTooLargeError, uploadLines } from './ndjson.js';

async function* chunks(...parts: (string | Buffer)[]): AsyncGenerator<Buffer> {
  for (const p of parts) yield typeof p === 'string' ? Buffer.from(p) : p;
}

async function all(source: AsyncIterable<Buffer>, max = 1024 * 1024): Promise<UploadLine[]> {
  const out: UploadLine[] = [];
  for await (const group of uploadLines(source, max)) out.push(...group);
  return out;
}

const text = (line: number, t: string): UploadLine => ({ line, text: t, flaw: null });

describe('NDJSON upload lines', () => {
  it('numbers lines as the file does, skipping blank ones, with or without a last newline', async () => {
    expect(await all(chunks('{"a":1}\n\n  \t\n{"b":2}\r\n{"c":3}'))).toEqual([text(1, '{"a":1}'), text(4, '{"b":2}'), text(5, '{"c":3}')]);
    expect(await all(chunks('{"a":1}\n'))).toEqual([text(1, '{"a":1}')]);
    expect(await all(chunks(''))).toEqual([]);
    expect(await all(chunks('\n\n'))).toEqual([]);
  });

  it('joins a line split across reads, even inside a multi-byte character', async () => {
    const euro = Buffer.from('{"n":"€"}\n');
    expect(await all(chunks('{"a":', '1}\n{"b"', ':2}', '\n'))).toEqual([text(1, '{"a":1}'), text(2, '{"b":2}')]);
    expect(await all(chunks(euro.subarray(0, 7), euro.subarray(7)))).toEqual([text(1, '{"n":"€"}')]);
  });

  it('flags a line that is not UTF-8 text or holds a NUL, and goes on', async () => {
    expect(await all(chunks(Buffer.from([0x7b, 0xff, 0x7d, 0x0a]), '{"a":1}\n', Buffer.from('{"a":"\u0000"}\n')))).toEqual([
      { line: 1, text: null, flaw: 'not_text' },
      text(2, '{"a":1}'),
      { line: 3, text: null, flaw: 'not_text' },
    ]);
  });

  it('drops the bytes of a line longer than the limit as they come, and keeps the next', async () => {
    const big = Buffer.alloc(MAX_LINE_BYTES + 10, 0x61);
    expect(await all(chunks(big.subarray(0, MAX_LINE_BYTES - 5), big.subarray(MAX_LINE_BYTES - 5), '\n{"a":1}'), 64 * 1024 * 1024)).toEqual([
      { line: 1, text: null, flaw: 'too_long' },
      text(2, '{"a":1}'),
    ]);
  });

  it('stops once more than the limit came', async () => {
    await expect(all(chunks('{"a":1}\n', '{"b":2}\n'), 10)).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(await all(chunks('{"a":1}\n'), 8)).toEqual([text(1, '{"a":1}')]);
  });
});
