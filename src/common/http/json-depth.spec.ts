import { MAX_JSON_DEPTH, tooDeepField } from './json-depth.js';

const nest = (depth: number, inner: unknown = 1): unknown => {
  let value = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('tooDeepField', () => {
  it('allows MAX_JSON_DEPTH levels, the body included, and names the top-level field beyond', () => {
    expect(MAX_JSON_DEPTH).toBe(32);
    expect(tooDeepField({ a: nest(31) })).toBeNull();
    expect(tooDeepField({ ok: 1, a: nest(32) })).toBe('a');
    expect(tooDeepField({ ok: { b: [{ c: nest(40) }] } })).toBe('ok');
    expect(tooDeepField(nest(32))).toBeNull();
    expect(tooDeepField(nest(33))).toBe('body');
    expect(tooDeepField('text')).toBeNull();
    expect(tooDeepField(null)).toBeNull();
  });
  it('walks 100,000 levels without recursion', () => {
    expect(tooDeepField({ __proto_safe: 1, deep: nest(100_000) })).toBe('deep');
    expect(tooDeepField(JSON.parse(`{"__proto__":${'['.repeat(100_000)}${']'.repeat(100_000)}}`))).toBe('__proto__');
  });
});
