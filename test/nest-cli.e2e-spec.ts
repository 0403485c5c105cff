import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { jest } from '@jest/globals';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describeE2E } from './support/describe-e2e.js';
import { cleanEnv, freePort, stop, waitFor } from './support/processes.js';

jest.setTimeout(300_000);

const ROOT = join(import.meta.dirname, '..');
const NEST = join(ROOT, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js');

/** Every file below `dir`, as paths relative to it. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/**
 * The Nest CLI on this tree, as a NestJS developer uses it (nest-cli.json): `nest build` compiles the
 * same dist/ as `npm run build` (scripts/build.mjs), and what it builds starts; `nest generate`
 * scaffolds in src/modules with the `.js` import paths of an ES-module project. On a copy of the
 * tracked files with no dist/ (the way a fresh clone is), sharing this tree's node_modules.
 */
describeE2E('the Nest CLI (nest build, nest generate)', () => {
  let copy: string;
  let api: ChildProcess | null = null;
  const nest = (...args: string[]) => {
    const r = spawnSync(process.execPath, [NEST, ...args], { cwd: copy, env: cleanEnv(), encoding: 'utf8', timeout: 240_000 });
    return { status: r.status, out: r.stdout + r.stderr };
  };

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'store-nest-cli-'));
    const tracked = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
    for (const file of tracked) {
      if (!existsSync(join(ROOT, file))) continue;
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      cpSync(join(ROOT, file), join(copy, file));
    }
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  });

  afterAll(async () => {
    if (api) await stop(api, 'SIGKILL');
    rmSync(copy, { recursive: true, force: true });
  });

  it('nest build compiles the dist/ that npm run build does, and the api it built starts', async () => {
    const built = nest('build');
    expect(built).toEqual({ status: 0, out: '' });
    // This tree's dist/ was built by scripts/build.mjs (npm test builds first) from the same sources.
    const ours = join(copy, 'dist');
    const theirs = join(ROOT, 'dist');
    const compiled = files(ours);
    expect(compiled).toContain('src/main.js');
    const different = compiled.filter((f) => !readFileSync(join(ours, f)).equals(readFileSync(join(theirs, f))));
    expect(different).toEqual([]);

    const port = await freePort();
    const dataDir = join(copy, 'data');
    api = spawn(process.execPath, [join(ours, 'src', 'main.js')], { cwd: copy, env: cleanEnv({ PORT: String(port), DATA_DIR: dataDir }) });
    let out = '';
    api.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    api.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(
      async () => {
        if (api!.exitCode !== null) throw new Error(`the api exited with ${api!.exitCode}:\n${out}`);
        return (await fetch(`http://127.0.0.1:${port}/health`).catch(() => null))?.ok;
      },
      'the api built by nest build to answer /health',
      90_000,
    );
    await stop(api, 'SIGTERM');
    api = null;
  });

  it('nest generate scaffolds in src/modules, with .js import paths, and registers the module', () => {
    expect(nest('generate', 'module', 'wishlists').status).toBe(0);
    expect(nest('generate', 'service', 'wishlists').status).toBe(0);
    expect(files(join(copy, 'src', 'modules', 'wishlists'))).toEqual(['wishlists.module.ts', 'wishlists.service.ts']);
    const module = readFileSync(join(copy, 'src', 'modules', 'wishlists', 'wishlists.module.ts'), 'utf8');
    expect(module).toContain("import { WishlistsService } from './wishlists.service.js';");
    expect(module).toContain('providers: [WishlistsService]');
    expect(readFileSync(join(copy, 'src', 'app.module.ts'), 'utf8')).toContain(
      "import { WishlistsModule } from './modules/wishlists/wishlists.module.js';",
    );
  });
});
