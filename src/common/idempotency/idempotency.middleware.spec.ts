import { canonicalJson, requestFingerprint } from './idempotency.middleware.js';

describe('request fingerprints', () => {
  it('ignore the order of object keys at every depth, but not of array items', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(requestFingerprint('POST', '/quote', { a: 1, b: { c: 2, d: 3 } })).toBe(
      requestFingerprint('POST', '/quote', { b: { d: 3, c: 2 }, a: 1 }),
    );
    expect(requestFingerprint('POST', '/quote', { a: [1, 2] })).not.toBe(requestFingerprint('POST', '/quote', { a: [2, 1] }));
  });

  it('differ by method, path, query and body; no body is not an empty object', () => {
    const base = requestFingerprint('POST', '/quote/1/send-quote', {});
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(requestFingerprint('POST', '/quotes/1/send-quote', {})).not.toBe(base);
    expect(requestFingerprint('POST', '/quote/1/send-quote?x=1', {})).not.toBe(base);
    expect(requestFingerprint('POST', '/quote/1/send-quote', undefined)).not.toBe(base);
    expect(requestFingerprint('POST', '/quote/1/send-quote', { message: 'hi' })).not.toBe(base);
  });
});
