// expect: nothing
import type { EntityManager } from 'typeorm';

// Arrays, maps and sets have methods named like the data methods; English is not SQL.
export function probe(m: EntityManager, ids: number[], seen: Map<number, string>, tags: Set<string>) {
  const first = ids.find((id) => id > 1);
  seen.delete(first ?? 0);
  tags.clear();
  const messages = [
    'Select a country',
    'Select a country from the list',
    'update the quote',
    'Update the quote to set its status',
    'delete from the cart what you no longer want.',
    'insert into the form',
    'With this as a default (or not)',
    'Ready for update.',
    'Costs $5 or more',
  ];
  return { m, messages, count: ids.filter(Boolean).length };
}
