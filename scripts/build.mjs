// Compiles the project into dist/ without pulling it from under a process that runs from it.
//
//   node scripts/build.mjs           build only if the sources changed since the last build
//   node scripts/build.mjs --force   build whatever the stamp says (npm run build)
//
// `npm start`, `npm run cli` and the others build first, and one of them may start while another
// runs from dist/. So dist/ is never deleted nor written in place: tsc compiles into a fresh folder
// beside it (at the same depth, so the source maps' relative paths hold), and each file is then renamed over its old version (a rename replaces a file whole,
// so a process loading it sees the old one or the new one, never half of one), then files whose
// source is gone are removed. A running process already holds its modules; one starting in the
// middle of a rebuild may load files of both builds, as with any deployment. If tsc fails, dist/
// stays as it was. The stamp (a hash of every input) is removed before the swap and written after
// it, so an interrupted build is redone by the next start.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const ts = require('typescript');

const root = process.cwd();
const project = join(root, 'tsconfig.build.json');
const force = process.argv.includes('--force');

const parsed = ts.getParsedCommandLineOfConfigFile(
  project,
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      console.error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      process.exit(1);
    },
  },
);
const outDir = resolve(root, parsed.options.outDir ?? 'dist');
const stampPath = join(outDir, '.build-stamp');
const WORK_PREFIX = `.${basename(outDir)}-build-`;

const hash = inputsHash();
if (!force && readOrNull(stampPath) === hash) process.exit(0);

mkdirSync(outDir, { recursive: true });
removeAbandonedWork();
const work = join(dirname(outDir), `${WORK_PREFIX}${process.pid}`);
rmSync(work, { recursive: true, force: true });
// The compile is silent and takes a while (about a minute on a first run): say so, on stderr, which
// the compiler's messages use too (stdout belongs to the command this build runs before).
const firstRun = readOrNull(stampPath) === null;
console.error(firstRun ? 'Compiling TypeScript (first run, about a minute)…' : 'Compiling TypeScript…');
const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', project, '--outDir', work], {
  cwd: root,
  // The compiler's messages go to stderr: stdout belongs to the command this build runs before (cli --json).
  stdio: ['ignore', 2, 2],
});
if (tsc.status !== 0) {
  rmSync(work, { recursive: true, force: true });
  console.error(`The build failed; ${relative(root, outDir) || '.'}/ is unchanged.`);
  process.exit(tsc.status ?? 1);
}

rmSync(stampPath, { force: true });
const built = new Set(files(work).map((f) => relative(work, f)));
for (const rel of built) {
  mkdirSync(dirname(join(outDir, rel)), { recursive: true });
  renameSync(join(work, rel), join(outDir, rel));
}
rmSync(work, { recursive: true, force: true });
for (const file of files(outDir, (name) => name.startsWith('.build-stamp'))) {
  if (!built.has(relative(outDir, file))) rmSync(file, { force: true });
}
removeEmptyDirs(outDir);
writeFileSync(`${stampPath}.${process.pid}`, hash);
renameSync(`${stampPath}.${process.pid}`, stampPath);

/** Everything tsc reads from the project: its files, their paths, the resolved options and the compiler. */
function inputsHash() {
  const h = createHash('sha256');
  h.update(`typescript ${ts.version}\n${JSON.stringify(parsed.options)}\n`);
  for (const file of [...parsed.fileNames].sort()) {
    h.update(`${relative(root, file)}\n`);
    h.update(readFileSync(file));
    h.update('\n');
  }
  return h.digest('hex');
}

function files(dir, skip = () => false) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(path, skip));
    else out.push(path);
  }
  return out;
}

function removeEmptyDirs(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) removeEmptyDirs(join(dir, entry.name));
  }
  if (dir !== outDir && readdirSync(dir).length === 0) rmdirSync(dir);
}

/** The folders of builds that were killed before they finished (their process is gone). */
function removeAbandonedWork() {
  for (const name of readdirSync(dirname(outDir))) {
    if (!name.startsWith(WORK_PREFIX)) continue;
    const pid = Number(name.slice(WORK_PREFIX.length));
    if (!Number.isSafeInteger(pid) || pid <= 0) continue;
    try {
      process.kill(pid, 0);
    } catch (err) {
      if (err.code === 'ESRCH') rmSync(join(dirname(outDir), name), { recursive: true, force: true });
    }
  }
}

function readOrNull(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
