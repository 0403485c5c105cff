import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const scenario = join(root, 'test', 'client', 'erp-scenario.ts');
const generated = join(root, 'test', 'client', 'generated');

/** Every `x as T`, `<T>x` and `x!` in a file: an integrator's client should need none. */
function casts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node) || ts.isNonNullExpression(node)) {
      found.push(`line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describeE2E('a client generated from /openapi.json (openapi-typescript + openapi-fetch)', () => {
  let t: TestApp;
  let url: string;
  let token: string;

  beforeAll(async () => {
    t = await bootTestApp('openapi_client');
    await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    token = await t.token();
    rmSync(generated, { recursive: true, force: true });
  });
  afterAll(() => t?.close());

  it('generates types from the live document, compiles the ERP scenario under --strict without casts, and runs it', async () => {
    // Types from the document the api serves.
    await run(bin('openapi-typescript'), [`${url}/openapi.json`, '--output', join(generated, 'store-api.d.ts')], { cwd: root });
    const types = readFileSync(join(generated, 'store-api.d.ts'), 'utf8');
    expect(types).toContain('quotesSend: {');
    // No field typed as an empty object or unknown (the top-level `webhooks`/`$defs` placeholders aside).
    expect(
      types.split('\n').filter((line) => /Record<string, never>|: unknown;/.test(line) && !/^export type|\[name: string\]/.test(line)),
    ).toEqual([]);

    // The scenario compiles under --strict (type errors fail here, with tsc's messages) and has no casts.
    expect(casts(scenario)).toEqual([]);
    const tsc = await run(
      bin('tsc'),
      [
        '--strict',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--types',
        'node',
        '--skipLibCheck',
        '--noEmitOnError',
        '--outDir',
        join(generated, 'js'),
        scenario,
      ],
      { cwd: root },
    ).then(
      () => '',
      (err: { stdout?: string }) => err.stdout ?? String(err),
    );
    expect(tsc).toBe('');

    // Run against the api.
    const { stdout } = await run(process.execPath, [join(generated, 'js', 'erp-scenario.js')], {
      cwd: root,
      env: { ...process.env, STORE_URL: url, STORE_TOKEN: token },
    });
    const summary = JSON.parse(stdout);
    expect(summary).toEqual({
      variants: ['ERP-SHIRT-S', 'ERP-SHIRT-M', 'ERP-SHIRT-L'],
      quote: {
        name: 'ERP order 4711 (confirmed)',
        items: [
          { quantity: 2, options: { Size: 'L' }, extras: ['EMBROIDERY'], custom_fields: { po_line: '4711-1' }, price: 29.5 },
          { quantity: 5, options: { Size: 'M' }, extras: [], custom_fields: { po_line: '4711-2' }, price: 25 },
          { quantity: 1, options: { Size: 'S' }, extras: ['EMBROIDERY'], custom_fields: {}, price: 29.5 },
        ],
        customer_groups: ['resellers'],
        customer_emails: ['purchasing@example.com'],
      },
      stale_status: 412,
      pages: 2,
      walked: 3,
      walked_in_order: true,
      sent: [
        { recipient: 'erp-buyer@example.com', status: 'queued' },
        { recipient: 'purchasing@example.com', status: 'queued' },
      ],
      deliveries: ['erp-buyer@example.com', 'purchasing@example.com'],
      invalid: { status: 422, message: { 'items.0.options': ['"Size" must be one of: S, M, L'] } },
      order: {
        number: 'O1001',
        quote_id: expect.any(Number),
        payment_status: 'paid',
        total: '213.50',
        items: [
          { sku: 'ERP-SHIRT', quantity: 2, total: '59.00', product: 'ERP-SHIRT' },
          { sku: 'ERP-SHIRT', quantity: 5, total: '125.00', product: 'ERP-SHIRT' },
          { sku: 'ERP-SHIRT', quantity: 1, total: '29.50', product: 'ERP-SHIRT' },
        ],
        customer: 'erp-buyer@example.com',
        again_status: 409,
      },
      sync: { statuses: [201, 200], unchanged: true, variants: ['ERP-MUG-RED', 'ERP-MUG-BLUE'], pricetiers: ['5@11.00'] },
      import: {
        status_code: 202,
        location: true,
        status: 'completed',
        counts: [2, 2, 0, 0, 0],
        results: ['1 created ERP-CAP', '2 created ERP-SOCKS'],
      },
      review: { status: 'approved', verified_purchase: 1, approved: true, rating_average: '4.00', rating_count: 1, embedded: ['Sturdy'] },
    });
  }, 120_000);
});
