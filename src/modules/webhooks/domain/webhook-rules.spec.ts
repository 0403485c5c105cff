import { refusedAddress } from './addresses.js';
import { MAX_ATTEMPTS, retryWaitMs } from './backoff.js';
import { isEventPattern } from './event-patterns.js';
import { newSecret, signatureHeader, standardKey, standardSignatureHeader, verifySignature } from './signature.js';

describe('event patterns', () => {
  it('accepts only well-formed patterns', () => {
    expect(['*', 'quote.*', 'shipment.trackingcode.created'].every(isEventPattern)).toBe(true);
    expect(['', 'Quote.*', 'quote.', '*.created', 'a b'].some(isEventPattern)).toBe(false);
  });
});

describe('signature', () => {
  it('verifies its own header within the tolerance, and nothing else', () => {
    const header = signatureHeader('whsec_a', '{"x":1}', 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('whsec_a', '{"x":1}', header, 1_700_000_100)).toBe(true);
    expect(verifySignature('whsec_a', '{"x":1}', header, 1_700_000_301)).toBe(false);
    expect(verifySignature('whsec_b', '{"x":1}', header, 1_700_000_000)).toBe(false);
    expect(verifySignature('whsec_a', '{"x":2}', header, 1_700_000_000)).toBe(false);
  });
  it('signs with every secret given, the new one first; either verifies', () => {
    const header = signatureHeader(['whsec_new', 'whsec_old'], '{"x":1}', 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(header.split(',')[1]).toBe(signatureHeader('whsec_new', '{"x":1}', 1_700_000_000).split(',')[1]);
    expect(verifySignature('whsec_new', '{"x":1}', header, 1_700_000_000)).toBe(true);
    expect(verifySignature('whsec_old', '{"x":1}', header, 1_700_000_000)).toBe(true);
    expect(verifySignature('whsec_other', '{"x":1}', header, 1_700_000_000)).toBe(false);
  });
  it('keys webhook-signature with the base64 decoding of the part after whsec_', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    // 64 hex digits read as base64: 48 bytes, and encoding them again gives the same characters.
    expect(standardKey(secret)).toHaveLength(48);
    expect(standardKey(secret).toString('base64')).toBe(secret.slice(6));
    const header = standardSignatureHeader([secret, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'], 'evt_1', '{"x":1}', 1_700_000_000);
    expect(header).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
  });
});

describe('backoff', () => {
  it('doubles from the base up to 6 h, with ±20 % jitter, for about a day', () => {
    const mid = () => 0.5;
    const waits = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryWaitMs(i + 1, 30_000, mid)!);
    expect(waits.slice(0, 3)).toEqual([30_000, 60_000, 120_000]);
    expect(waits.at(-1)).toBe(6 * 3600_000);
    const hours = waits.reduce((a, b) => a + b, 0) / 3600_000;
    expect(hours).toBeGreaterThan(24);
    expect(hours).toBeLessThan(30);
    expect(retryWaitMs(MAX_ATTEMPTS, 30_000)).toBeNull();
    expect(retryWaitMs(1, 30_000, () => 0)).toBe(24_000);
    expect(retryWaitMs(1, 30_000, () => 1)).toBe(36_000);
  });
});

describe('addresses', () => {
  it.each([
    ['10.0.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['100.64.1.1', 'shared (CGNAT)'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fd00::1', 'private'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a00:1', 'private'],
    // IPv6 forms that embed an IPv4 address are judged by it (the URL parser writes `[::127.0.0.1]` as `[::7f00:1]`).
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::a9fe:a9fe', 'link-local'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::10.1.2.3', 'private'],
    ['64:ff9b:1::808:808', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['2002:c0a8:101:1::1', 'private'],
    // Teredo: the server (bits 32–63) and the client (the last 32 bits, inverted).
    ['2001:0:7f00:1::', 'loopback'],
    ['2001:0:808:808::80fe:fffe', 'loopback'],
    ['2001::5ef5:79fd:0:0:f5f7:fffe', 'private'],
  ])('%s is refused as %s', (address, label) => {
    expect(refusedAddress(address)).toBe(label);
  });
  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700::1111',
    '::808:808',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:808:808::f7f7:f7f7',
    '2001:4860:4860::8888',
  ])('%s is public', (address) => {
    expect(refusedAddress(address)).toBeNull();
  });
});
