import { DataSource } from 'typeorm';
import { queryCounter } from '../src/database/query-counter.js';
import { formatMoney } from '../src/common/money/money.js';
import { seedTax } from '../src/modules/demo/seeds/tax.seed.js';
import { computeTax, matchingRates, type TaxLocation } from '../src/modules/tax/domain/tax.js';
import { TaxService } from '../src/modules/tax/tax.service.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS } from './support/envelope.js';

describeE2E('tax demo seed and the quote-facing service', () => {
  let t: TestApp;
  let token: string;
  let manager: DataSource['manager'];
  let tax: TaxService;

  beforeAll(async () => {
    t = await bootTestApp('tax_seed');
    token = await t.token();
    manager = t.app.get(DataSource).manager;
    tax = t.app.get(TaxService);
  });
  afterAll(() => t?.close());

  const rate = (id: number, country: string, state: string, city: string, value: string, priority: number, name: string, compound = 0) => ({
    id,
    tax_class_id: 1,
    country,
    state,
    zip: '*',
    city,
    rate: value,
    priority,
    tax_name: name,
    is_compound: compound,
    created_at: TS,
    updated_at: TS,
  });

  it('has no default class and no rates before seeding', async () => {
    expect(await tax.defaultClassId(manager)).toBeNull();
    expect(await tax.ratesByClass(manager, [])).toEqual(new Map());
  });

  it('seeds a default Standard class with its rates and a Reduced class, once', async () => {
    expect(await manager.transaction((m) => seedTax(m))).toBe('Tax: 2 classes, 5 rates present.');
    expect(await manager.transaction((m) => seedTax(m))).toBe('Tax: 2 classes, 5 rates present.');

    const list = await t.http.get('/taxclasses?embed=rates').set({ Authorization: `Bearer ${token}` });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: 1,
        name: 'Standard',
        description: 'Goods taxed at the full rate.',
        is_default: 1,
        created_at: TS,
        updated_at: TS,
        rates: {
          data: [
            rate(1, 'US', 'CA', '*', '7.2500', 1, 'CA State Tax'),
            rate(2, 'US', 'NY', '*', '4.0000', 1, 'NY State Tax'),
            rate(3, 'US', 'NY', 'New York City', '4.5000', 2, 'NYC Tax'),
            rate(4, 'CA', 'QC', '*', '5.0000', 1, 'GST'),
            rate(5, 'CA', 'QC', '*', '9.9750', 2, 'QST', 1),
          ],
        },
      },
      {
        id: 2,
        name: 'Reduced',
        description: 'Goods taxed at a reduced rate; no rates yet.',
        is_default: 0,
        created_at: TS,
        updated_at: TS,
        rates: { data: [] },
      },
    ]);
  });

  it('gives quotes the default class and the rates of several classes in one query', async () => {
    expect(await tax.defaultClassId(manager)).toBe(1);
    queryCounter.reset();
    const byClass = await tax.ratesByClass(manager, [1, 2, 99, 1]);
    expect(queryCounter.count).toBe(1);
    expect([...byClass.keys()]).toEqual([1, 2, 99]);
    expect(byClass.get(2)).toEqual([]);
    expect(byClass.get(99)).toEqual([]);
    // Ordered as the rules apply them: priority, then id.
    expect(byClass.get(1)!.map((r) => [r.id, r.priority])).toEqual([
      [1, 1],
      [2, 1],
      [4, 1],
      [3, 2],
      [5, 2],
    ]);
    expect(byClass.get(1)![4]).toEqual({
      id: 5,
      country: 'CA',
      state: 'QC',
      zip: '*',
      city: '*',
      rate: '9.9750',
      priority: 2,
      is_compound: true,
      tax_name: 'QST',
    });

    const taxOn = (amount: string, loc: TaxLocation) => formatMoney(computeTax(amount, matchingRates(byClass.get(1)!, loc)));
    expect(taxOn('100.00', { country: 'US', state: 'CA', zip: '90210', city: 'Los Angeles' })).toBe('7.25');
    expect(taxOn('100.00', { country: 'US', state: 'NY', zip: '10001', city: 'new york city' })).toBe('8.50'); // 4.00 + 4.50
    expect(taxOn('100.00', { country: 'US', state: 'NY', zip: '12207', city: 'Albany' })).toBe('4.00');
    // 5.00 GST + 105.00 × 9.975 % = 5.00 + 10.47375 → 15.47
    expect(taxOn('100.00', { country: 'CA', state: 'QC', zip: 'H2X 1Y4', city: 'Montreal' })).toBe('15.47');
    expect(taxOn('100.00', { country: 'DE', state: null, zip: '10115', city: 'Berlin' })).toBe('0.00');
  });
});
