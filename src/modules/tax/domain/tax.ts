import { Decimal } from 'decimal.js';
import { type MoneyInput, roundCents, toDecimal } from '../../../common/money/money.js';

export interface TaxRateInput {
  id?: number;
  country: string;
  state: string;
  zip: string;
  city: string;
  rate: string;
  priority: number;
  is_compound: boolean;
  tax_name?: string | null;
}

/** The fields of a tax rate row (entity or the read queries' JSON) that matching and computing use. */
export function taxRateInput(r: TaxRateInput): TaxRateInput {
  return {
    id: r.id,
    country: r.country,
    state: r.state,
    zip: r.zip,
    city: r.city,
    rate: r.rate,
    priority: r.priority,
    is_compound: r.is_compound,
    tax_name: r.tax_name,
  };
}

export interface TaxLocation {
  country: string | null;
  state: string | null;
  zip: string | null;
  city: string | null;
}

const LOCATION_PARTS = ['country', 'state', 'zip', 'city'] as const;

export function rateMatches(rate: TaxRateInput, loc: TaxLocation): boolean {
  return LOCATION_PARTS.every((part) => {
    const wanted = rate[part].trim();
    if (wanted === '*') return true;
    const actual = loc[part];
    return actual !== null && actual.trim().toLowerCase() === wanted.toLowerCase();
  });
}

function byPriorityThenId(a: TaxRateInput, b: TaxRateInput): number {
  // Rates without an id (not yet stored) keep their input order after the stored ones.
  return a.priority - b.priority || (a.id ?? Infinity) - (b.id ?? Infinity) || 0;
}

export function matchingRates(rates: TaxRateInput[], loc: TaxLocation): TaxRateInput[] {
  return rates.filter((r) => rateMatches(r, loc)).sort(byPriorityThenId);
}

/**
 * Tax on one item for rates that already match its location. Rates at the same priority do not
 * compound on each other; the sum stays unrounded until the end so an item is rounded only once.
 */
export function computeTax(amount: MoneyInput, rates: TaxRateInput[]): Decimal {
  const base = toDecimal(amount);
  const sorted = [...rates].sort(byPriorityThenId);
  let total = toDecimal(0); // taxes of all priorities finished so far
  for (let i = 0; i < sorted.length;) {
    const priority = sorted[i].priority;
    let level = toDecimal(0);
    for (; i < sorted.length && sorted[i].priority === priority; i++) {
      const taxed = sorted[i].is_compound ? base.plus(total) : base;
      level = level.plus(taxed.times(toDecimal(sorted[i].rate)).div(100));
    }
    total = total.plus(level);
  }
  return roundCents(total);
}
