import { ESLint } from 'eslint';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const PROBES = join(import.meta.dirname, 'lint-probes');

/**
 * The rule that keeps statements in repositories (eslint.config.js: no-restricted-syntax,
 * no-restricted-imports and house/no-sql-text on src/ outside repositories and src/database/),
 * proven on probe files: each holds one forbidden thing and says on its first line the one message
 * it must get (`// expect: <rule> <message>`), or `// expect: nothing`. The probes are linted with
 * the project's config as if they were a service under src/modules/ (`eslint .` ignores
 * test/lint-probes/, where they live, or they would fail CI).
 */
describe('lint: statements and SQL text stay in repositories', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const probes = readdirSync(PROBES).filter((f) => f.endsWith('.ts'));

  const lint = async (file: string) => {
    const text = readFileSync(join(PROBES, file), 'utf8');
    const [result] = await eslint.lintText(text, {
      filePath: join(ROOT, 'src', 'modules', 'probes', file.replace(/\.ts$/, '.service.ts')),
    });
    return { text, messages: result.messages.map((m) => ({ line: m.line, rule: m.ruleId, message: m.message })) };
  };

  it('has a probe for every data method, every SQL statement, the imports and a clean file', () => {
    expect(probes.length).toBeGreaterThan(30);
    expect(probes).toContain('clean.ts');
    expect(probes.filter((f) => f.startsWith('sql-')).length).toBeGreaterThanOrEqual(9);
  });

  it.each(readdirSync(PROBES).filter((f) => f.endsWith('.ts')))('%s', async (file) => {
    const { text, messages } = await lint(file);
    const expectation = /^\/\/ expect: (.*)$/m.exec(text)?.[1];
    expect(expectation).toBeDefined();
    if (expectation === 'nothing') {
      expect(messages).toEqual([]);
      return;
    }
    const [rule, ...words] = expectation!.split(' ');
    expect(messages.map(({ rule, message }) => ({ rule, message }))).toEqual([{ rule, message: words.join(' ') }]);
  });

  it('does not flag the same probes where statements belong (a repository, src/database/)', async () => {
    for (const file of probes) {
      const text = readFileSync(join(PROBES, file), 'utf8');
      for (const where of [
        'src/modules/probes/probes.repository.ts',
        'src/modules/probes/repositories/probe.ts',
        'src/database/probe.ts',
      ]) {
        const [result] = await eslint.lintText(text, { filePath: join(ROOT, where) });
        expect({ file, where, messages: result.messages.map((m) => m.ruleId) }).toEqual({ file, where, messages: [] });
      }
    }
  });
});
