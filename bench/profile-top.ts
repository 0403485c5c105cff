/**
 * Prints the hottest frames of a .cpuprofile: self time per function, and total (inclusive) time
 * per file, as shares of the samples. `node dist/bench/profile-top.js <file> [rows]`.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, rowsArg] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[] };
const rows = Number(rowsArg ?? 40);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<string, number>();
const inclusiveFile = new Map<string, number>();
const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, '~/')
    .replace(/.*\/dist\//, 'dist/');
// Idle samples (waiting for I/O) are left out: shares are of the time the process was busy.
const busy = profile.samples.filter((id) => byId.get(id)!.callFrame.functionName !== '(idle)');
for (const id of busy) {
  const n = byId.get(id)!;
  const key = `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + 1);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const url = short(byId.get(cur)!.callFrame.url);
    const pkg = url.startsWith('~/')
      ? url
          .split('/')
          .slice(0, url.startsWith('~/@') ? 3 : 2)
          .join('/')
      : url;
    if (!seen.has(pkg)) {
      seen.add(pkg);
      inclusiveFile.set(pkg, (inclusiveFile.get(pkg) ?? 0) + 1);
    }
  }
}
const total = busy.length;
const pct = (v: number) => `${((v / total) * 100).toFixed(1).padStart(5)} %`;
console.log(`${profile.samples.length} samples, ${total} busy (${pct(total)} of busy ones)\n\nself time, hottest functions:`);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${pct(v)}  ${k}`);
console.log('\ninclusive time per file or package:');
for (const [k, v] of [...inclusiveFile].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${pct(v)}  ${k || '(native)'}`);
