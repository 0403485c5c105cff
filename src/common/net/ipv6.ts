/** The sixteen bytes of an IPv6 address (isIP says it is one), a trailing dotted IPv4 part included. */
export function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  let tail: number[] = [];
  if (dotted) {
    tail = dotted.slice(1).map(Number);
    text = text.slice(0, dotted.index) + '0:0';
  }
  const [head, rest] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').filter((g) => g !== '') : []);
  const left = groups(head);
  const right = groups(rest);
  const hextets = rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const bytes = hextets.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 255];
  });
  if (dotted) bytes.splice(12, 4, ...tail);
  return bytes;
}
