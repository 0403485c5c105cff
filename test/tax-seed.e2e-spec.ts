import { DataSource } from 'typeorm';
import { formatMoney } from '../src/common/money/money.js';
import { seedTax } from '../src/modules/demo/seeds/tax.seed.js';
import { computeTax, matchingRates, type TaxLocation, type TaxRateInput } from '../src/modules/tax/domain/tax.js';
import { type TestApp, asDefaultStore, bootTestApp, describeE2E } from './support/test-app.js';
import { TS } from './support/envelope.js';

describeE2E('tax demo seed', () => {
  let t: TestApp;
  let token: string;
  let manager: DataSource['manager'];

  beforeAll(async () => {
    t = await bootTestApp('tax_seed');
    token = await t.token();
    manager = t.app.get(DataSource).manager;
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

  it('has no class before seeding', async () => {
    const list = await t.http.get('/taxclasses?embed=rates').set({ Authorization: `Bearer ${token}` });
    expect([list.status, list.body.data]).toEqual([200, []]);
  });

  it('seeds a default Standard class with its rates and a Reduced class, once', async () => {
    expect(await asDefaultStore(() => manager.transaction((m) => seedTax(m)))).toBe('Tax: 2 classes, 5 rates present.');
    expect(await asDefaultStore(() => manager.transaction((m) => seedTax(m)))).toBe('Tax: 2 classes, 5 rates present.');

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

  it('seeds rates that tax the demo places as their rules say', async () => {
    // How quotes use the default class and its rates is priced through the API in quotes-pricing.
    const res = await t.http.get('/taxclass/1/rates').set({ Authorization: `Bearer ${token}` });
    type RateJson = Omit<TaxRateInput, 'is_compound'> & { is_compound: 0 | 1 };
    const rates: TaxRateInput[] = res.body.data.map((r: RateJson) => ({ ...r, is_compound: r.is_compound === 1 }));
    expect(rates).toHaveLength(5);
    const taxOn = (amount: string, loc: TaxLocation) => formatMoney(computeTax(amount, matchingRates(rates, loc)));
    expect(taxOn('100.00', { country: 'US', state: 'CA', zip: '90210', city: 'Los Angeles' })).toBe('7.25');
    expect(taxOn('100.00', { country: 'US', state: 'NY', zip: '10001', city: 'new york city' })).toBe('8.50'); // 4.00 + 4.50
    expect(taxOn('100.00', { country: 'US', state: 'NY', zip: '12207', city: 'Albany' })).toBe('4.00');
    // 5.00 GST + 105.00 × 9.975 % = 5.00 + 10.47375 → 15.47
    expect(taxOn('100.00', { country: 'CA', state: 'QC', zip: 'H2X 1Y4', city: 'Montreal' })).toBe('15.47');
    expect(taxOn('100.00', { country: 'DE', state: null, zip: '10115', city: 'Berlin' })).toBe('0.00');
  });
});
