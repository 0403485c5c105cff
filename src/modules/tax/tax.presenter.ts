import { embedded } from '../../common/embed/embed.js';
import { blank, flag, timestamp } from '../../common/format/format.js';
import { formatDecimal } from '../../common/money/money.js';
import type { TaxClass } from './tax-class.entity.js';
import type { TaxRate } from './tax-rate.entity.js';
import type { TaxClassView, TaxRateView } from './tax.views.js';

export function presentTaxRate(r: TaxRate): TaxRateView {
  return {
    id: r.id,
    tax_class_id: r.tax_class_id,
    country: r.country,
    state: r.state,
    zip: r.zip,
    city: r.city,
    rate: formatDecimal(r.rate, 4),
    priority: r.priority,
    tax_name: blank(r.tax_name),
    is_compound: flag(r.is_compound),
    created_at: timestamp(r.created_at),
    updated_at: timestamp(r.updated_at),
  };
}

export function presentTaxClass(c: TaxClass, embeds: { rates?: TaxRate[] } = {}): TaxClassView {
  return {
    id: c.id,
    name: c.name,
    description: blank(c.description),
    is_default: flag(c.is_default),
    created_at: timestamp(c.created_at),
    updated_at: timestamp(c.updated_at),
    ...(embeds.rates ? { rates: embedded(embeds.rates.map(presentTaxRate)) } : {}),
  };
}
