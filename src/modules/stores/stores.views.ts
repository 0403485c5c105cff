import { Field } from '../../openapi/fields.js';

/** The JSON of a store (GET /store, PATCH /store; the CLI's `store:list --json`). */
export class StoreView {
  @Field.id() id: number;
  @Field.text({ example: 'default', pattern: '^[a-z0-9-]{1,63}$', description: "The operator's name for the store." }) handle: string;
  @Field.text({ example: 'Acme Supplies', description: "Shown on the buyer's page, its PDF and its e-mails." }) name: string;
  @Field.text({
    example: 'https://shop.example',
    description: 'Base of cart links (`store_url` + `/cart/` + id); unset: `https://` + the first host.',
  })
  store_url: string;
  @Field.strings({ example: ['shop.example'], description: 'The host names the store answers on (set by the operator).' }) hosts: string[];
  @Field.text({ example: 'USD', pattern: '^[A-Z]{3}$' }) currency: string;
  @Field.text({ example: 'en-US' }) locale: string;
  @Field.text({ nullable: true, example: 'Sales <sales@shop.example>', description: "null: `no-reply@localhost` under the store's name." })
  mail_from: string | null;
  @Field.text({ nullable: true, example: 'orders@shop.example', description: 'Told what buyers did on their cart pages; null: nobody.' })
  store_email: string | null;
  @Field.enum(['active', 'closed']) status: 'active' | 'closed';
}
