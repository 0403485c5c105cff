import { Field } from '../../openapi/fields.js';

/** The JSON of a state (presentState). */
export class StateView {
  @Field.id() id: number;
  @Field.id() country_id: number;
  @Field.text({ example: 'Ontario' }) name: string;
  @Field.text({ example: 'ON', pattern: '^[A-Z0-9]{1,10}$' }) code: string;
  @Field.flag() enabled: 0 | 1;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

/** The JSON of a country (presentCountry). */
export class CountryView {
  @Field.id() id: number;
  @Field.text({ example: 'Canada' }) name: string;
  @Field.text({ example: 'CA', pattern: '^[A-Z]{2}$' }) code: string;
  @Field.text({ nullable: true, example: 'CAN', pattern: '^[A-Z]{3}$' }) code_3: string | null;
  @Field.flag() enabled: 0 | 1;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
  @Field.embed(() => StateView, { many: true }) states?: { data: StateView[] };
}

declare module '../webhooks/event-data.types.js' {
  /** The `data` of this module's events, by the event catalog's schema name (src/modules/webhooks/event-data.types.ts). */
  interface EventDataBySchema {
    CountryView: CountryView;
    StateView: StateView;
  }
}
