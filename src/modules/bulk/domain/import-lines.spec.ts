import { errorsByMember, parseLine, resultKey, runsOfDistinctKeys } from './import-lines.js';

describe('import lines', () => {
  it('takes one JSON object per line; anything else fails alone on `line`', () => {
    expect(parseLine(3, '{"sku":"A"}')).toEqual({ line: 3, value: { sku: 'A' } });
    expect(parseLine(1, '{"sku":')).toEqual({ line: 1, errors: { line: ['is not JSON'] } });
    expect(parseLine(1, '[1]')).toEqual({ line: 1, errors: { line: ['must be a JSON object'] } });
    expect(parseLine(1, 'null')).toEqual({ line: 1, errors: { line: ['must be a JSON object'] } });
    expect(parseLine(1, null)).toEqual({ line: 1, errors: { line: ['is not JSON (not UTF-8 text, or it holds a NUL character)'] } });
    expect(parseLine(1, '')).toEqual({ line: 1, errors: { line: ['is longer than 16777216 bytes'] } });
    const deep = `{"a":${'['.repeat(40)}${']'.repeat(40)}}`;
    expect(parseLine(1, deep)).toEqual({ line: 1, errors: { a: ['must not nest arrays and objects more than 32 levels deep'] } });
  });

  it('fails a line holding an escaped NUL or lone surrogate anywhere (PostgreSQL stores neither), and keeps pairs', () => {
    const unstorable = { line: ['holds a NUL character or a lone surrogate, which cannot be stored'] };
    expect(parseLine(1, '{"sku":"A\\u0000"}')).toEqual({ line: 1, errors: unstorable });
    expect(parseLine(1, '{"sku":"A","tags":["\\ud800"]}')).toEqual({ line: 1, errors: unstorable });
    expect(parseLine(1, '{"sku":"A","na\\udc00me":"x"}')).toEqual({ line: 1, errors: unstorable });
    expect(parseLine(1, '{"sku":"A","name":{"x":[{"y":"\\u0000"}]}}')).toEqual({ line: 1, errors: unstorable });
    expect(parseLine(1, '{"sku":"\\ud83d\\ude00"}')).toEqual({ line: 1, value: { sku: '😀' } });
  });

  it("echoes a line's key in its result only as storable text of at most 255 characters", () => {
    expect(resultKey({ sku: 'A-1' }, 'sku')).toBe('A-1');
    expect(resultKey({ sku: 12 }, 'sku')).toBe('12');
    expect(resultKey({ sku: 'x'.repeat(255) }, 'sku')).toBe('x'.repeat(255));
    expect(resultKey({ sku: 'x'.repeat(256) }, 'sku')).toBeNull();
    expect(resultKey({ sku: 'A\u0000' }, 'sku')).toBeNull();
    expect(resultKey({ sku: 'A\ud800' }, 'sku')).toBeNull();
    expect(resultKey({ sku: ['A'] }, 'sku')).toBeNull();
    expect(resultKey({}, 'sku')).toBeNull();
  });

  it('keeps a client-chosen key such as __proto__ as an own field', () => {
    const parsed = parseLine(1, '{"__proto__":{"x":1}}');
    expect('value' in parsed && Object.hasOwn(parsed.value, '__proto__')).toBe(true);
  });

  it('splits members into runs without a repeated key, in order', () => {
    const key = (m: string) => (m.startsWith('-') ? null : m[0]);
    expect(runsOfDistinctKeys(['a1', 'b1', 'a2', '-x', 'c1', 'b2', 'b3'], key)).toEqual([['a1', 'b1'], ['a2', '-x', 'c1', 'b2'], ['b3']]);
    expect(runsOfDistinctKeys([], key)).toEqual([]);
    expect(runsOfDistinctKeys(['-', '-'], key)).toEqual([['-', '-']]);
  });

  it('reads the members a batch refusal names', () => {
    expect(errorsByMember({ '0.sku': ['is already in use'], '2.variants.1.sku': ['x'], '2.name': ['y'] })).toEqual(
      new Map([
        [0, { sku: ['is already in use'] }],
        [2, { 'variants.1.sku': ['x'], name: ['y'] }],
      ]),
    );
    expect(errorsByMember({ body: ['must be a JSON array'] })).toEqual(new Map());
  });
});
