import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach (SSRF): private, loopback, link-local (cloud metadata at
 * 169.254.169.254 included), unspecified, shared (CGNAT), multicast, reserved and documentation
 * ranges, in IPv4 and IPv6; IPv4-mapped and NAT64 IPv6 addresses are judged by their IPv4 part.
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
];

const lists = RANGES.map(([net, prefix, type, label]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, type);
  return { list, type, label };
});

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!m) return null;
  if (m[1]) return m[1];
  const hi = parseInt(m[2], 16);
  const lo = parseInt(m[3], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Why `address` (an IP literal) may not be reached, or null when it is a public address. */
export function refusedAddress(address: string): string | null {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(plain);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const v4 = embeddedIpv4(plain);
    if (v4) return refusedAddress(v4);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const range of lists) if (range.type === type && range.list.check(plain, type)) return range.label;
  return null;
}
