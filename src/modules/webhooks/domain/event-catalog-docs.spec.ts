import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_CATALOG } from './event-catalog.js';

/**
 * docs/api.md's "Catalog of event types" table names every type of EVENT_CATALOG with its `data`
 * schema, and nothing else: a type added to the code without its row (or a row left behind) fails here.
 */
describe('the event catalog in docs/api.md', () => {
  const text = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'api.md'), 'utf8');
  const start = text.indexOf('**Catalog of event types.**');
  const table = text
    .slice(start)
    .split('\n')
    .filter((line) => line.startsWith('| `'));

  /** Each row's types, its `.x` shorthands spelled out against the row's first type. */
  const documented = new Map<string, string>();
  for (const row of table) {
    const [, , types, schema] = row.split('|').map((cell) => cell.trim());
    let base = '';
    for (const [name] of types.matchAll(/`[^`]+`/g)) {
      const type = name.slice(1, -1);
      const full = type.startsWith('.') ? `${base}${type}` : type;
      if (!type.startsWith('.')) base = type.slice(0, type.lastIndexOf('.'));
      documented.set(full, schema.replace(/`/g, ''));
    }
  }

  it('lists every event type with the schema of its data, and no other type', () => {
    const catalog = new Map(EVENT_CATALOG.map((e) => [e.type as string, e.schema as string]));
    expect([...catalog].filter(([type, schema]) => documented.get(type) !== schema)).toEqual([]);
    expect([...documented.keys()].filter((type) => !catalog.has(type))).toEqual([]);
  });
});
