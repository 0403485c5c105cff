import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BUILD = join(import.meta.dirname, '..', 'scripts', 'build.mjs');
const FIRST_RUN = 'Compiling TypeScript (first run, about a minute)…\n';
const COMPILING = 'Compiling TypeScript…\n';

/**
 * scripts/build.mjs, which `npm start`, `npm run cli`, `npm run worker` and `npm test` run first: it
 * builds only when a source changed, and never deletes dist/ nor rewrites a file of it in place, so
 * a process running from dist/ is not pulled from under. Run on a small project of its own.
 */
describe('build before start', () => {
  let project: string;
  const dist = (path: string) => join(project, 'dist', path);
  const build = (...args: string[]) => {
    const r = spawnSync(process.execPath, [BUILD, ...args], { cwd: project, encoding: 'utf8', timeout: 60_000 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const source = (name: string, text: string) => writeFileSync(join(project, 'src', name), text);

  beforeEach(() => {
    project = mkdtempSync(join(tmpdir(), 'store-build-'));
    mkdirSync(join(project, 'src'));
    writeFileSync(
      join(project, 'tsconfig.build.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'ES2022', strict: true, outDir: 'dist', rootDir: '.', sourceMap: true, types: [] },
        include: ['src'],
      }),
    );
    source('a.ts', 'export const a: number = 1;\n');
    source('b.ts', "export const b: string = 'b';\n");
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  it('builds once, then leaves dist/ untouched while the sources stay the same', () => {
    // A compile says so (it is silent for a while otherwise); a build with nothing to do prints nothing.
    expect(build()).toEqual({ status: 0, stdout: '', stderr: FIRST_RUN });
    expect(readFileSync(dist('src/a.js'), 'utf8')).toBe('export const a = 1;\n//# sourceMappingURL=a.js.map');
    // Compiled beside dist/ at the same depth, so the maps point at the sources.
    expect(JSON.parse(readFileSync(dist('src/a.js.map'), 'utf8')).sources).toEqual(['../../src/a.ts']);
    const before = statSync(dist('src/a.js'));

    expect(build()).toEqual({ status: 0, stdout: '', stderr: '' });
    const after = statSync(dist('src/a.js'));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(readdirSync(project).sort()).toEqual(['dist', 'src', 'tsconfig.build.json']);
  }, 60_000);

  it('rebuilds when a source changes, replacing each file whole and removing what has no source', () => {
    expect(build().status).toBe(0);
    // A process that has a.js open (as one loading it would) keeps reading the version it opened.
    const held = openSync(dist('src/a.js'), 'r');
    try {
      source('a.ts', 'export const a: number = 2;\n');
      unlinkSync(join(project, 'src', 'b.ts'));
      expect(build()).toEqual({ status: 0, stdout: '', stderr: COMPILING });
      expect(readFileSync(held, 'utf8')).toBe('export const a = 1;\n//# sourceMappingURL=a.js.map');
    } finally {
      closeSync(held);
    }
    expect(readFileSync(dist('src/a.js'), 'utf8')).toBe('export const a = 2;\n//# sourceMappingURL=a.js.map');
    expect(readdirSync(dist('src')).sort()).toEqual(['a.js', 'a.js.map']);
    expect(readdirSync(project).sort()).toEqual(['dist', 'src', 'tsconfig.build.json']);
  }, 60_000);

  it('leaves dist/ as it was when the compiler fails, and builds again once fixed', () => {
    expect(build().status).toBe(0);
    const stamp = readFileSync(dist('.build-stamp'), 'utf8');
    const before = statSync(dist('src/a.js'));

    source('a.ts', "export const a: number = 'not a number';\n");
    const failed = build();
    expect(failed.status).not.toBe(0);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toContain("error TS2322: Type 'string' is not assignable to type 'number'.");
    expect(failed.stderr.endsWith('\nThe build failed; dist/ is unchanged.\n')).toBe(true);
    expect(readFileSync(dist('src/a.js'), 'utf8')).toBe('export const a = 1;\n//# sourceMappingURL=a.js.map');
    expect(statSync(dist('src/a.js')).mtimeMs).toBe(before.mtimeMs);
    expect(readFileSync(dist('.build-stamp'), 'utf8')).toBe(stamp);
    expect(readdirSync(project).sort()).toEqual(['dist', 'src', 'tsconfig.build.json']);

    source('a.ts', 'export const a: number = 3;\n');
    expect(build().status).toBe(0);
    expect(readFileSync(dist('src/a.js'), 'utf8')).toBe('export const a = 3;\n//# sourceMappingURL=a.js.map');
  }, 60_000);

  it('--force (npm run build) compiles whatever the stamp says; a missing stamp means a build', () => {
    expect(build().status).toBe(0);
    const first = statSync(dist('src/a.js')).ino;
    expect(build('--force')).toEqual({ status: 0, stdout: '', stderr: COMPILING });
    const forced = statSync(dist('src/a.js')).ino;
    expect(forced).not.toBe(first);

    rmSync(dist('.build-stamp'));
    expect(build().status).toBe(0);
    expect(statSync(dist('src/a.js')).ino).not.toBe(forced);
    expect(existsSync(dist('.build-stamp'))).toBe(true);
  }, 60_000);
});
