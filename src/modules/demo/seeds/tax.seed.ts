import type { EntityManager } from 'typeorm';
import type { TaxRate } from '../../tax/tax-rate.entity.js';
import { demoRepository as demo } from '../demo.repository.js';

type SeedRate = Pick<TaxRate, 'country' | 'state' | 'city' | 'rate' | 'priority' | 'tax_name' | 'is_compound'>;

const STANDARD_RATES: SeedRate[] = [
  { country: 'US', state: 'CA', city: '*', rate: '7.2500', priority: 1, tax_name: 'CA State Tax', is_compound: false },
  { country: 'US', state: 'NY', city: '*', rate: '4.0000', priority: 1, tax_name: 'NY State Tax', is_compound: false },
  { country: 'US', state: 'NY', city: 'New York City', rate: '4.5000', priority: 2, tax_name: 'NYC Tax', is_compound: false },
  { country: 'CA', state: 'QC', city: '*', rate: '5.0000', priority: 1, tax_name: 'GST', is_compound: false },
  { country: 'CA', state: 'QC', city: '*', rate: '9.9750', priority: 2, tax_name: 'QST', is_compound: true },
];

/** A default "Standard" class with US and Quebec rates, and an empty "Reduced" class; skipped once Standard exists. */
export async function seedTax(m: EntityManager): Promise<string> {
  if (!(await demo.taxClassExists(m, 'Standard'))) {
    const hasDefault = await demo.defaultTaxClassExists(m);
    const standard = await demo.insertTaxClass(m, {
      name: 'Standard',
      description: 'Goods taxed at the full rate.',
      is_default: !hasDefault,
    });
    await demo.insertTaxRates(
      m,
      STANDARD_RATES.map((r) => ({ ...r, tax_class_id: standard.id })),
    );
    await demo.insertTaxClass(m, { name: 'Reduced', description: 'Goods taxed at a reduced rate; no rates yet.' });
  }
  const classes = await demo.countTaxClasses(m);
  const rates = await demo.countTaxRates(m);
  return `Tax: ${classes} classes, ${rates} rates present.`;
}
