import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * docs/api.md is the reference the code, the tests and the other docs cite, by section anchor
 * (`docs/api.md#order-of-refusals`; in the docs, a link to `api.md#…`): every cited anchor must be a heading of
 * docs/api.md, so a renamed or removed section fails here instead of leaving a citation nobody can follow. The
 * settled rules live there: a citation of a contract file outside the repository fails too.
 */
const root = join(import.meta.dirname, '..');
const SELF = relative(root, import.meta.filename);
const FOLDERS = ['src', 'test', 'scripts', 'bench', 'migrations', 'eslint-rules', 'docs', '.ci'];
const FILES = ['README.md'];
const TEXT = /\.(ts|mts|js|mjs|cjs|md|json|sql|ya?ml)$|^\.ci\/run$/;

/** GitHub's anchor for a heading: lower case, markup and punctuation dropped (but `-` and `_`), spaces as `-`. */
function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings (outside fenced code), a repeated one numbered as GitHub does (`-1`, `-2`). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = githubSlug(heading[1]);
    let anchor = slug;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

function repositoryFiles(): string[] {
  const files = [...FILES];
  for (const folder of FOLDERS) {
    for (const entry of readdirSync(join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = relative(root, join(entry.parentPath, entry.name));
      if (TEXT.test(path) || TEXT.test(entry.name)) files.push(path);
    }
  }
  return files.filter((path) => path !== SELF);
}

describe('citations of docs/api.md', () => {
  const api = readFileSync(join(root, 'docs', 'api.md'), 'utf8');
  const anchors = anchorsOf(api);
  const texts = repositoryFiles().map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));

  it('slugs headings as GitHub does', () => {
    expect(githubSlug('Order of refusals')).toBe('order-of-refusals');
    expect(githubSlug("The buyer's page (`/cart`)")).toBe('the-buyers-page-cart');
    expect(githubSlug('PUT: products and their parts')).toBe('put-products-and-their-parts');
    expect(githubSlug('Health, request ids and the queue dashboard')).toBe('health-request-ids-and-the-queue-dashboard');
    expect(githubSlug('Idempotency-Key')).toBe('idempotency-key');
  });

  it('cites only anchors that are headings of docs/api.md', () => {
    const cited: string[] = [];
    const broken: string[] = [];
    for (const { path, text } of texts) {
      const inDocs = path.startsWith('docs/');
      const patterns = [/docs\/api\.md#([\w-]+)/g, ...(inDocs ? [/\]\((?:\.\/)?api\.md#([\w-]+)\)/g] : [])];
      if (path === 'docs/api.md') patterns.push(/\]\(#([\w-]+)\)/g);
      for (const pattern of patterns) {
        for (const [, anchor] of text.matchAll(pattern)) {
          cited.push(anchor);
          if (!anchors.has(anchor)) broken.push(`${path}: docs/api.md#${anchor}`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(cited.length).toBeGreaterThan(100);
  });

  it('cites no contract file outside the repository', () => {
    const outside = /\bCONTRACT\b/;
    expect(texts.filter(({ text }) => outside.test(text)).map(({ path }) => path)).toEqual([]);
  });
});
