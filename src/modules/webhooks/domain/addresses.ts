import { BlockList, isIP } from 'node:net';
import { ipv6Bytes } from '../../../common/net/ipv6.js';

/**
 * Addresses a webhook may not reach (SSRF): private, loopback, link-local (cloud metadata at
 * 169.254.169.254 included), unspecified, shared (CGNAT), multicast, reserved and documentation
 * ranges, in IPv4 and IPv6. An IPv6 address that embeds an IPv4 one (IPv4-compatible, -mapped and
 * -translated, NAT64, 6to4, Teredo: embeddedIpv4) is judged by that IPv4 address as well.
 */
const RANGES: [string, number, 'ipv4' | 'ipv6', string][] = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'shared (CGNAT)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'reserved'],
  ['192.0.2.0', 24, 'ipv4', 'documentation'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'reserved'],
  ['198.51.100.0', 24, 'ipv4', 'documentation'],
  ['203.0.113.0', 24, 'ipv4', 'documentation'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['fc00::', 7, 'ipv6', 'private'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fec0::', 10, 'ipv6', 'reserved'],
  ['ff00::', 8, 'ipv6', 'multicast'],
  ['2001:db8::', 32, 'ipv6', 'documentation'],
  ['100::', 64, 'ipv6', 'reserved'],
  // Local-use NAT64 (RFC 8215): a site's own translator, whose prefix length places the IPv4 part anywhere.
  ['64:ff9b:1::', 48, 'ipv6', 'private'],
];

const lists = RANGES.map(([net, prefix, type, label]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, type);
  return { list, type, label };
});

const v4 = (b: number[]) => b.join('.');
const zero = (b: number[]) => b.every((x) => x === 0);

/**
 * The IPv4 addresses an IPv6 address stands for, which it is judged by: IPv4-compatible
 * (`::a.b.c.d`, ::/96), IPv4-mapped (`::ffff:a.b.c.d`, ::ffff:0:0/96), IPv4-translated
 * (::ffff:0:0:0/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16, the
 * IPv4 in bits 16–47) and Teredo (2001::/32: its server in bits 32–63, its client's address
 * inverted in the last 32 bits). Empty for any other IPv6 address.
 */
function embeddedIpv4(address: string): string[] {
  const b = ipv6Bytes(address);
  const last = b.slice(12, 16);
  if (zero(b.slice(0, 12))) return [v4(last)];
  if (zero(b.slice(0, 10)) && b[10] === 255 && b[11] === 255) return [v4(last)];
  if (zero(b.slice(0, 8)) && b[8] === 255 && b[9] === 255 && b[10] === 0 && b[11] === 0) return [v4(last)];
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) {
    if (zero(b.slice(4, 12))) return [v4(last)];
  }
  if (b[0] === 0x20 && b[1] === 0x02) return [v4(b.slice(2, 6))];
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) return [v4(b.slice(4, 8)), v4(last.map((x) => x ^ 255))];
  return [];
}

/** Why `address` (an IP literal) may not be reached, or null when it is a public address. */
export function refusedAddress(address: string): string | null {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(plain);
  if (family === 0) return 'not an IP address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const range of lists) if (range.type === type && range.list.check(plain, type)) return range.label;
  // An IPv6 address that stands for IPv4 ones reaches them: it is refused when any of them is.
  if (family === 6) {
    for (const v4 of embeddedIpv4(plain)) {
      const refused = refusedAddress(v4);
      if (refused) return refused;
    }
  }
  return null;
}
