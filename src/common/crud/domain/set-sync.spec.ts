import { matchMembers } from './match-members.js';
import { changedOwners, planSync } from './set-sync.js';

interface Tier {
  id?: number;
  quantity: number;
  price: string;
}

const byQuantity = (t: Tier) => String(t.quantity);
const rules = {
  match: (sent: readonly Tier[], stored: readonly (Tier & { id: number })[]) => matchMembers(stored, sent, byQuantity, byQuantity),
  values: (t: Tier) => ({ quantity: t.quantity, price: t.price }),
  ownerColumn: 'variant_id',
};

describe('planSync', () => {
  it('removes the stored rows no member matched, rewrites the matched ones and inserts the rest, per owner', () => {
    const plan = planSync(
      [
        {
          owner: 'a',
          id: 10,
          sent: [
            { quantity: 5, price: '9.00' },
            { quantity: 1, price: '10.00' },
          ],
          stored: [
            { id: 1, quantity: 1, price: '10.00' },
            { id: 2, quantity: 2, price: '9.50' },
          ],
        },
        { owner: 'b', id: 20, sent: [], stored: [{ id: 3, quantity: 1, price: '1.00' }] },
        { owner: 'c', id: 30, sent: [{ quantity: 1, price: '2.00' }], stored: [] },
      ],
      rules,
    );
    expect(plan.removed.map((r) => [r.owner, r.row.id])).toEqual([
      ['a', 2],
      ['b', 3],
    ]);
    expect(plan.updated.map((u) => [u.owner, u.values])).toEqual([['a', { id: 1, quantity: 1, price: '10.00' }]]);
    expect(plan.inserted.map((x) => [x.owner, x.values])).toEqual([
      ['a', { quantity: 5, price: '9.00', variant_id: 10 }],
      ['c', { quantity: 1, price: '2.00', variant_id: 30 }],
    ]);
  });

  it('an owner changed when a row of it went or came, or an update of it wrote other values', () => {
    const plan = planSync(
      [
        { owner: 'same', id: 1, sent: [{ quantity: 1, price: '1.00' }], stored: [{ id: 1, quantity: 1, price: '1.00' }] },
        { owner: 'repriced', id: 2, sent: [{ quantity: 1, price: '3.00' }], stored: [{ id: 2, quantity: 1, price: '2.00' }] },
        { owner: 'emptied', id: 3, sent: [], stored: [{ id: 3, quantity: 1, price: '2.00' }] },
      ],
      rules,
    );
    // The update statement answers the ids of the rows it changed: only row 2's values differ.
    expect([...changedOwners(plan, new Set([2]))]).toEqual(['emptied', 'repriced']);
  });

  it('gives the values of each member the stored row it replaces, or null for a new one', () => {
    const seen: [number, number | null][] = [];
    planSync(
      [
        {
          owner: 'a',
          id: 10,
          sent: [
            { quantity: 1, price: '1.00' },
            { quantity: 2, price: '2.00' },
          ],
          stored: [{ id: 7, quantity: 1, price: '0.50' }],
        },
      ],
      { ...rules, values: (t: Tier, row: (Tier & { id: number }) | null) => (seen.push([t.quantity, row?.id ?? null]), {}) },
    );
    expect(seen).toEqual([
      [1, 7],
      [2, null],
    ]);
  });
});
