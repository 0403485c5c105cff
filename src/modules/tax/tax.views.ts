import { Field } from '../../openapi/fields.js';

/** The JSON of a tax rate (presentTaxRate). */
export class TaxRateView {
  @Field.id() id: number;
  @Field.id() tax_class_id: number;
  @Field.text({ example: 'US', description: 'ISO alpha-2 code or `*` (any).' }) country: string;
  @Field.text({ example: 'NY', description: 'State code or `*`.' }) state: string;
  @Field.text({ example: '*', description: 'Postal code or `*`.' }) zip: string;
  @Field.text({ example: '*', description: 'City or `*`.' }) city: string;
  @Field.decimal(4, { description: 'Percent, four decimals.', example: '8.8750' }) rate: string;
  @Field.integer({ minimum: 1, example: 1 }) priority: number;
  @Field.text({ nullable: true, example: 'NY sales tax' }) tax_name: string | null;
  @Field.flag({ example: 0 }) is_compound: 0 | 1;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

/** The JSON of a tax class (presentTaxClass). */
export class TaxClassView {
  @Field.id() id: number;
  @Field.text({ example: 'Standard' }) name: string;
  @Field.text({ nullable: true, example: 'Most goods.' }) description: string | null;
  @Field.flag({ description: 'At most one class is the default.' }) is_default: 0 | 1;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
  @Field.embed(() => TaxRateView, { many: true }) rates?: { data: TaxRateView[] };
}

declare module '../webhooks/event-data.types.js' {
  /** The `data` of this module's events, by the event catalog's schema name (src/modules/webhooks/event-data.types.ts). */
  interface EventDataBySchema {
    TaxClassView: TaxClassView;
    TaxRateView: TaxRateView;
  }
}
