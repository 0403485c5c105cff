import { isHttpUrl } from './shipment-fields.js';

describe('isHttpUrl', () => {
  it('accepts absolute http and https addresses', () => {
    expect(isHttpUrl('https://www.ups.com/track?tracknum=1Z999AA10123456784')).toBe(true);
    expect(isHttpUrl('http://example.com')).toBe(true);
    expect(isHttpUrl('HTTPS://EXAMPLE.COM/a#b')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:8080/x')).toBe(true);
  });
  it('refuses other schemes, relative and malformed addresses', () => {
    expect(isHttpUrl('ftp://example.com/file')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('http:example.com')).toBe(false);
    expect(isHttpUrl('//example.com/x')).toBe(false);
    expect(isHttpUrl('example.com')).toBe(false);
    expect(isHttpUrl('http://')).toBe(false);
    expect(isHttpUrl('http:///path')).toBe(false);
    expect(isHttpUrl('http://exa mple.com')).toBe(false);
    expect(isHttpUrl('http://example.com/a b')).toBe(false);
    expect(isHttpUrl('http://[::1')).toBe(false);
  });
});
