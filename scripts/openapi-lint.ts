import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { writeOpenApiDocument } from './openapi-write.js';

/**
 * Lints the OpenAPI document with Spectral (`spectral:oas`, .spectral.yaml) and Redocly (`recommended`,
 * redocly.yaml), both offline. Fails on any error, and on any warning whose rule docs/api.md does not
 * list with its reason (docs/api.md#openapi-lint), so a new kind of warning is either fixed or explained.
 * Usage: npm run openapi:lint
 */
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..', '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

interface Finding {
  tool: 'Spectral' | 'Redocly';
  rule: string;
  severity: 'error' | 'warning';
  where: string;
  message: string;
}

/** The output of a linter that exits non-zero when it finds errors. */
async function output(file: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  try {
    return (await run(file, args, { cwd: root, env, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (err) {
    const stdout = (err as { stdout?: string }).stdout;
    if (stdout?.trim().startsWith('[') || stdout?.trim().startsWith('{')) return stdout;
    throw err;
  }
}

async function spectral(doc: string): Promise<Finding[]> {
  const out = await output(bin('spectral'), ['lint', doc, '--ruleset', join(root, '.spectral.yaml'), '--format', 'json', '--quiet']);
  const results = JSON.parse(out.trim() || '[]') as { code: string; severity: number; path: string[]; message: string }[];
  return results.map((r) => ({
    tool: 'Spectral',
    rule: r.code,
    severity: r.severity === 0 ? 'error' : 'warning',
    where: r.path.join('.'),
    message: r.message,
  }));
}

async function redocly(doc: string): Promise<Finding[]> {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  const out = await output(bin('redocly'), ['lint', doc, '--config', join(root, 'redocly.yaml'), '--format', 'json'], env);
  const report = JSON.parse(out.slice(out.indexOf('{'))) as {
    problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
  };
  return report.problems.map((p) => ({
    tool: 'Redocly',
    rule: p.ruleId,
    severity: p.severity === 'error' ? 'error' : 'warning',
    where: p.location[0]?.pointer ?? '',
    message: p.message,
  }));
}

/** `| Spectral | `rule` | …` rows of docs/api.md: the warnings that stay, each with its reason. */
function explained(): Set<string> {
  const text = readFileSync(join(root, 'docs', 'api.md'), 'utf8');
  return new Set([...text.matchAll(/^\|\s*(Spectral|Redocly)\s*\|\s*`([\w-]+)`\s*\|/gm)].map((m) => `${m[1]} ${m[2]}`));
}

async function main(): Promise<void> {
  const doc = join(root, 'dist', 'openapi.json');
  let started = Date.now();
  await writeOpenApiDocument(doc);
  console.log(`Wrote ${doc} (${Date.now() - started} ms)`);
  started = Date.now();
  const findings = (await Promise.all([spectral(doc), redocly(doc)])).flat();
  console.log(`Spectral and Redocly ran in ${Date.now() - started} ms`);
  const allowed = explained();
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(`${f.tool} ${f.severity} ${f.rule}`, (counts.get(`${f.tool} ${f.severity} ${f.rule}`) ?? 0) + 1);
  for (const [key, n] of counts) console.log(`  ${key}: ${n}`);
  const failing = findings.filter((f) => f.severity === 'error' || !allowed.has(`${f.tool} ${f.rule}`));
  for (const f of failing.slice(0, 50)) console.error(`${f.tool} ${f.severity} ${f.rule} at ${f.where}: ${f.message}`);
  if (failing.length) {
    console.error(`${failing.length} problem(s): errors, or warnings that docs/api.md ("OpenAPI lint") does not explain.`);
    process.exit(1);
  }
  console.log(findings.length ? 'No errors; every remaining warning is explained in docs/api.md.' : 'No errors, no warnings.');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
