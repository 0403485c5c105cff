import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createReferenceChecks, dropReferenceChecks } from './1795990000000-StoreScopedData.js';

/**
 * Every reference a client names by id: [table, column, parent, the key of the column alone (before),
 * the key of (store_id, column) (after)]. The names are TypeORM's for the entities' relations
 * (`@StoreReference`).
 */
const KEYS: [table: string, column: string, parent: string, before: string, after: string][] = [
  ['states', 'country_id', 'countries', 'FK_f3bbd0bc19bb6d8a887add08461', 'FK_f4384d6d39eadd9f0311bf6cae5'],
  ['categories', 'parent_id', 'categories', 'FK_88cea2dc9c31951d06437879b40', 'FK_f4bb5721cf6c20f4d298462bf60'],
  ['products', 'product_type_id', 'product_types', 'FK_9adb63f24f86528856373f0ab9a', 'FK_a8bc5efb5b72d45d7bee36da575'],
  ['products', 'tax_class_id', 'tax_classes', 'FK_e14aa3a7b90cdaa53f6fc71dfd1', 'FK_448cbec1ac9f9d373dbdee3c786'],
  ['product_price_tiers', 'product_id', 'products', 'FK_3b378853589048f985cd20a12d2', 'FK_1ce6a395a910216667dbdcb3f11'],
  ['product_price_tiers', 'customer_group_id', 'customer_groups', 'FK_f691523c5bc932ce9ceaff93aa7', 'FK_335b2fb5e00ccce5fae4dc86224'],
  ['product_variants', 'product_id', 'products', 'FK_6343513e20e2deab45edfce1316', 'FK_db43fb80e00d6b366032af07975'],
  ['variant_price_tiers', 'customer_group_id', 'customer_groups', 'FK_6e1d97a5873ba65e6e3ebb3ac1e', 'FK_42c3dca63a279894b16664a3eb8'],
  ['variant_price_tiers', 'variant_id', 'product_variants', 'FK_7cad4ada344e4b08bae95dee636', 'FK_f35b7510d80709e3b3d6650dc8f'],
  ['product_attributes', 'product_id', 'products', 'FK_f5a6700abd0494bae3032cf5bbd', 'FK_c063f73e776312399ade31ed91f'],
  ['product_categories', 'category_id', 'categories', 'FK_9148da8f26fc248e77a387e3112', 'FK_7675707d8ddfa1b66ba25955a64'],
  ['product_categories', 'product_id', 'products', 'FK_8748b4a0e8de6d266f2bbc877f6', 'FK_341f3509934c23e1d1a6d9016d7'],
  ['product_custom_field_values', 'definition_id', 'custom_field_definitions', 'FK_64a3e17b9ff7aac51df4d02a401', 'FK_16cb9e5813c9b1c66752941d89b'],
  ['product_custom_field_values', 'product_id', 'products', 'FK_4a4433eed6e05004d410c0da84d', 'FK_f0836a2d1085aa59e17ca41af9d'],
  ['product_extras', 'product_id', 'products', 'FK_7ed0b14c8365977cf47e2e15c9d', 'FK_aa30b5b9e6a7370d8f9124abf5d'],
  ['product_options', 'product_id', 'products', 'FK_49677f87ad61a8b2a31f33c8a2c', 'FK_46fe005fb4ca15ddb75d450ad5d'],
  ['customers', 'customer_group_id', 'customer_groups', 'FK_4990eb7696f4edb64a9e7c2cd6d', 'FK_4d7e7ef11408a1a9c6a52b0b06b'],
  ['customer_addresses', 'state_id', 'states', 'FK_589bcf424512086c2d73d0d2ba4', 'FK_d9752ce2161559bdde372429617'],
  ['customer_addresses', 'country_id', 'countries', 'FK_1ef28e62caeed8cad18b1ae69d3', 'FK_39de7d25cb56ba612c1d2ed3172'],
  ['customer_addresses', 'customer_id', 'customers', 'FK_6be4e1a698f5c3f2c2e4c75c186', 'FK_4ea4b67c2ca0d9ffdb70ea2fc5a'],
  ['quotes', 'customer_id', 'customers', 'FK_a11bdb4a739328d1009c0b47e83', 'FK_d3c597010aaaa0c3ab14c69f526'],
  ['quotes', 'billing_plan_id', 'billing_plans', 'FK_9631c6f829f13ba61916779cb64', 'FK_3c20c94cbd6a38c47e7827c38a4'],
  ['quote_customer_groups', 'customer_group_id', 'customer_groups', 'FK_3e393c996dd2af17d65acd66390', 'FK_c8014427a8b451da797ceb21332'],
  ['quote_customer_groups', 'quote_id', 'quotes', 'FK_bca3b0bf57129314aa5cca5270f', 'FK_b233b77d0513249d93b78e67024'],
  ['quote_items', 'x_billing_plan_id', 'billing_plans', 'FK_2b3d13ba93b490c7d8064d31427', 'FK_16994f3792ba41cf164edf321f2'],
  ['quote_items', 'quote_id', 'quotes', 'FK_c11d594b8cf436caaee20122fd8', 'FK_0d329710e686933fd3d45af1cf7'],
  ['quote_items', 'product_id', 'products', 'FK_d7d549103d96596ae10c47dca40', 'FK_731d6c6c760282ef26998003fa3'],
  ['quote_items', 'variant_id', 'product_variants', 'FK_bc30a3f69c51c0ec54c34519834', 'FK_81717d72a8a4ff8b6ad2c4e8338'],
  ['shipments', 'order_id', 'orders', 'FK_e86fac2a18a75dcb82bfbb23f43', 'FK_a6a3eace7c4678d91ba2ddb1c20'],
  ['tracking_codes', 'shipment_id', 'shipments', 'FK_2fc2f2fc0938025368145e680a0', 'FK_b790dfc1fa8af65b44f01893904'],
  ['subscriptions', 'billing_plan_id', 'billing_plans', 'FK_6059b88cc4a37694e853253065e', 'FK_1987b40ea4711b48c62a587f289'],
  ['subscriptions', 'customer_id', 'customers', 'FK_98a4e1e3025f768de1493ecedec', 'FK_2d599dcb32565516dfc09fb9638'],
  ['subscription_products', 'product_id', 'products', 'FK_1fbdf6ba4ded88996fbbca1c446', 'FK_d29bbe07dfc9375253ff114d889'],
  ['subscription_products', 'subscription_id', 'subscriptions', 'FK_ee2b196282d953ed0caf55e6035', 'FK_bad66b7ef24e8ffad86077a1ee1'],
  ['subscription_products', 'variant_id', 'product_variants', 'FK_044e6847a438865a1644e43e796', 'FK_2819ff698f3dfef189d1da34d03'],
  ['tax_rates', 'tax_class_id', 'tax_classes', 'FK_dc42f6096191f8d6dd3921d7467', 'FK_c481c4e9e2fa6f5c0dd21643079'],
  ['orders', 'quote_id', 'quotes', 'FK_d6183642a34a405848c4926c116', 'FK_47c031fa142ffe439c493439e75'],
  ['orders', 'customer_id', 'customers', 'FK_772d0ce0473ac2ccfa26060dbe9', 'FK_211dd5e319d83815e9d87be124b'],
  ['order_items', 'order_id', 'orders', 'FK_145532db85752b29c57d2b7b1f1', 'FK_792251bd084efca95eb0f6e5ec2'],
  ['reviews', 'product_id', 'products', 'FK_9482e9567d8dcc2bc615981ef44', 'FK_266e51ea925ef7d174e22d2d4c9'],
  ['reviews', 'customer_id', 'customers', 'FK_4dd42f48aa60ad8c0d5d5c4ea5b', 'FK_afc3014749112ba7f8a17232b16'],
];

/** The tables a client's id names a row of: each gets `UNIQUE (store_id, id)`, which the keys reference. */
const PARENTS = [...new Set(KEYS.map(([, , parent]) => parent))];

/** pg_constraint.confdeltype → its ON DELETE action. */
const ON_DELETE: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

/**
 * A reference names a row of its own store by PostgreSQL's own foreign keys, `(store_id, column)` →
 * the parent's `(store_id, id)`, in place of the statement triggers that checked it after each
 * statement (docs/architecture.md#stores). PostgreSQL checks a key row by row through the parent's
 * unique index, as it checked the key of the column alone; the triggers' extra work (a table of the
 * statement's new rows, a query per reference) is gone. A key that cleared the column on delete
 * (`SET NULL`) now clears the column alone: the row keeps its store. Each key keeps its ON DELETE action.
 */
export class StoreReferenceKeys1796000000000 implements MigrationInterface {
  name = 'StoreReferenceKeys1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const parent of PARENTS) {
      await queryRunner.query(`ALTER TABLE "${parent}" ADD CONSTRAINT "UQ_${parent}_store_id_id" UNIQUE ("store_id", "id")`);
    }
    await dropReferenceChecks(queryRunner);
    for (const [table, column, parent, before, after] of KEYS) {
      const onDelete = await action(queryRunner, before);
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${before}"`);
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${after}" FOREIGN KEY ("store_id", "${column}") REFERENCES "${parent}"("store_id", "id")
         ON DELETE ${onDelete === 'SET NULL' ? `SET NULL ("${column}")` : onDelete} ON UPDATE NO ACTION`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column, parent, before, after] of KEYS) {
      const onDelete = await action(queryRunner, after);
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${after}"`);
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${before}" FOREIGN KEY ("${column}") REFERENCES "${parent}"("id") ON DELETE ${onDelete} ON UPDATE NO ACTION`,
      );
    }
    await createReferenceChecks(queryRunner);
    for (const parent of PARENTS) await queryRunner.query(`ALTER TABLE "${parent}" DROP CONSTRAINT "UQ_${parent}_store_id_id"`);
  }
}

async function action(queryRunner: QueryRunner, constraint: string): Promise<string> {
  const [row] = (await queryRunner.query(`SELECT confdeltype FROM pg_constraint WHERE conname = $1`, [constraint])) as { confdeltype: string }[];
  return ON_DELETE[row.confdeltype];
}
