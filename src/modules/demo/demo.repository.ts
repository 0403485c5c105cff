import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { insertReturning } from '../../database/sql/write.js';
import { ApiKey } from '../api-keys/api-key.entity.js';
import { Category } from '../catalog/categories/category.entity.js';
import { ProductCategory } from '../catalog/parts/product-category.entity.js';
import { ProductExtra } from '../catalog/parts/product-extra.entity.js';
import { ProductOption } from '../catalog/parts/product-option.entity.js';
import { ProductPriceTier } from '../catalog/parts/product-price-tier.entity.js';
import { ProductVariant } from '../catalog/parts/product-variant.entity.js';
import { Product } from '../catalog/products/product.entity.js';
import { ProductType } from '../catalog/product-types/product-type.entity.js';
import { Review } from '../reviews/review.entity.js';
import { VariantPriceTier } from '../catalog/parts/variant-price-tier.entity.js';
import { BillingPlan } from '../customers/billing-plans/billing-plan.entity.js';
import { Coupon } from '../customers/coupons/coupon.entity.js';
import { CustomerAddress } from '../customers/customer-address.entity.js';
import { CustomerGroup } from '../customers/customer-group.entity.js';
import { Customer } from '../customers/customer.entity.js';
import { CustomFieldDefinition } from '../custom-fields/custom-field-definition.entity.js';
import { Country } from '../geography/country.entity.js';
import { State } from '../geography/state.entity.js';
import { TaxClass } from '../tax/tax-class.entity.js';
import { TaxRate } from '../tax/tax-rate.entity.js';

type Values<E> = Partial<E>;

/**
 * The statements of the demo seeds (their data stays in seeds/*.seed.ts): each checks whether a
 * demo row is there by its natural key, or adds one. It holds nothing but its statements, all run
 * on the manager they are given: the seeds, plain functions that tests call with their own
 * transaction, use `demoRepository`; the seeder gets an instance injected.
 */
@Injectable()
export class DemoRepository {
  // Geography

  /** Adds a country unless its code is taken. */
  @GenerateSql({ args: [SqlArg.manager, { name: 'Germany', code: 'DE', code_3: 'DEU' }] })
  async insertCountryIfMissing(m: EntityManager, country: Values<Country>): Promise<void> {
    await m.createQueryBuilder().insert().into(Country).values(country).orIgnore().execute();
  }

  /** A country by its (upper case) ISO code; fails when there is none. */
  @GenerateSql({ args: [SqlArg.manager, 'US'] })
  countryByCode(m: EntityManager, code: string): Promise<Country> {
    return m.getRepository(Country).findOneByOrFail({ code });
  }

  /** Adds the states whose code is not taken within their country. */
  @GenerateSql({ args: [SqlArg.manager, [{ country_id: 1, name: 'Ontario', code: 'ON' }]] })
  async insertStatesIfMissing(m: EntityManager, states: Values<State>[]): Promise<void> {
    await m.createQueryBuilder().insert().into(State).values(states).orIgnore().execute();
  }

  /** A state of a country by its code; fails when there is none. */
  @GenerateSql({ args: [SqlArg.manager, 1, 'CA'] })
  stateByCode(m: EntityManager, countryId: number, code: string): Promise<State> {
    return m.getRepository(State).findOneByOrFail({ country_id: countryId, code });
  }

  // Tax

  @GenerateSql({ args: [SqlArg.manager, 'Standard'] })
  taxClassExists(m: EntityManager, name: string): Promise<boolean> {
    return m.getRepository(TaxClass).existsBy({ name });
  }

  @GenerateSql()
  defaultTaxClassExists(m: EntityManager): Promise<boolean> {
    return m.getRepository(TaxClass).existsBy({ is_default: true });
  }

  @GenerateSql({ args: [SqlArg.manager, { name: 'Standard', description: 'Goods taxed at the full rate.', is_default: true }] })
  insertTaxClass(m: EntityManager, values: Values<TaxClass>): Promise<TaxClass> {
    return insertReturning(m, TaxClass, values);
  }

  /** The rates of a class, in one statement. */
  @GenerateSql({
    args: [
      SqlArg.manager,
      [
        {
          tax_class_id: 1,
          country: 'US',
          state: 'CA',
          city: '*',
          rate: '7.2500',
          priority: 1,
          tax_name: 'CA State Tax',
          is_compound: false,
        },
      ],
    ],
  })
  async insertTaxRates(m: EntityManager, rates: Values<TaxRate>[]): Promise<void> {
    await m.getRepository(TaxRate).insert(rates);
  }

  @GenerateSql()
  countTaxClasses(m: EntityManager): Promise<number> {
    return m.getRepository(TaxClass).count();
  }

  @GenerateSql()
  countTaxRates(m: EntityManager): Promise<number> {
    return m.getRepository(TaxRate).count();
  }

  // Catalog

  /** Adds the categories whose url_name is not taken. */
  @GenerateSql({ args: [SqlArg.manager, [{ name: 'Apparel', url_name: 'apparel', api_code: 'apparel', sort_order: 1 }]] })
  async insertCategoriesIfMissing(m: EntityManager, categories: Values<Category>[]): Promise<void> {
    await m.createQueryBuilder().insert().into(Category).values(categories).orIgnore().execute();
  }

  @GenerateSql()
  categories(m: EntityManager): Promise<Category[]> {
    return m.getRepository(Category).find();
  }

  @GenerateSql({ args: [SqlArg.manager, 'DEMO-MUG'] })
  productSkuExists(m: EntityManager, sku: string): Promise<boolean> {
    return m.getRepository(Product).existsBy({ sku });
  }

  /** Whether the store has any review (the demo's are added once). */
  @GenerateSql()
  hasReviews(m: EntityManager): Promise<boolean> {
    return m.getRepository(Review).exists();
  }

  /** The id of the product type with this api_code (null when the store has none): the demo's downloadable gift card. */
  @GenerateSql({ args: [SqlArg.manager, 'downloadable'] })
  async productTypeId(m: EntityManager, apiCode: string): Promise<number | null> {
    return (await m.getRepository(ProductType).findOneBy({ api_code: apiCode }))?.id ?? null;
  }

  @GenerateSql({ args: [SqlArg.manager, { name: 'Espresso Mug', sku: 'DEMO-MUG', url_name: 'espresso-mug', base_price: '9.50' }] })
  insertProduct(m: EntityManager, values: Values<Product>): Promise<Product> {
    return insertReturning(m, Product, values);
  }

  @GenerateSql({ args: [SqlArg.manager, { product_id: 1, category_id: 1 }] })
  async insertProductCategory(m: EntityManager, values: Values<ProductCategory>): Promise<void> {
    await insertReturning(m, ProductCategory, values);
  }

  @GenerateSql({ args: [SqlArg.manager, { product_id: 1, name: 'Size', values: ['S', 'M'], sort_order: 0 }] })
  async insertOption(m: EntityManager, values: Values<ProductOption>): Promise<void> {
    await insertReturning(m, ProductOption, values);
  }

  @GenerateSql({ args: [SqlArg.manager, { product_id: 1, quantity: 5, price: '22.00' }] })
  async insertPriceTier(m: EntityManager, values: Values<ProductPriceTier>): Promise<void> {
    await insertReturning(m, ProductPriceTier, values);
  }

  @GenerateSql({ args: [SqlArg.manager, { product_id: 1, sku: 'DEMO-MUG-S', options: { Size: 'S' } }] })
  insertVariant(m: EntityManager, values: Values<ProductVariant>): Promise<ProductVariant> {
    return insertReturning(m, ProductVariant, values);
  }

  @GenerateSql({ args: [SqlArg.manager, { variant_id: 1, quantity: 10, price: '21.00' }] })
  async insertVariantPriceTier(m: EntityManager, values: Values<VariantPriceTier>): Promise<void> {
    await insertReturning(m, VariantPriceTier, values);
  }

  @GenerateSql({ args: [SqlArg.manager, { product_id: 1, sku: 'DEMO-SAUCER', name: 'Matching saucer', price: '3.00', sort_order: 0 }] })
  async insertExtra(m: EntityManager, values: Values<ProductExtra>): Promise<void> {
    await insertReturning(m, ProductExtra, values);
  }

  // Customers

  @GenerateSql({ args: [SqlArg.manager, 'wholesale'] })
  customerGroupExists(m: EntityManager, apiCode: string): Promise<boolean> {
    return m.getRepository(CustomerGroup).existsBy({ api_code: apiCode });
  }

  /** A customer group by api_code; fails when there is none. */
  @GenerateSql({ args: [SqlArg.manager, 'wholesale'] })
  customerGroupByCode(m: EntityManager, apiCode: string): Promise<CustomerGroup> {
    return m.getRepository(CustomerGroup).findOneByOrFail({ api_code: apiCode });
  }

  @GenerateSql({ args: [SqlArg.manager, { api_code: 'wholesale', name: 'Wholesale', description: null, is_tax_exempt: false }] })
  async insertCustomerGroup(m: EntityManager, values: Values<CustomerGroup>): Promise<void> {
    await m.getRepository(CustomerGroup).insert(values);
  }

  /** Whether a customer has this e-mail address, in any case (its stored `email_key`, on UQ_customers_email). */
  @GenerateSql({ args: [SqlArg.manager, 'Ada@example.com'] })
  customerEmailExists(m: EntityManager, email: string): Promise<boolean> {
    return m.getRepository(Customer).createQueryBuilder('c').where('c.email_key = lower(:email)', { email }).getExists();
  }

  /** A customer by e-mail address as stored; fails when there is none. */
  @GenerateSql({ args: [SqlArg.manager, 'ada@example.com'] })
  customerByEmail(m: EntityManager, email: string): Promise<Customer> {
    return m.getRepository(Customer).findOneByOrFail({ email });
  }

  /** Adds a customer; returns its id. */
  @GenerateSql({
    args: [SqlArg.manager, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', company: null, customer_group_id: null }],
  })
  async insertCustomer(m: EntityManager, values: Values<Customer>): Promise<number> {
    const { identifiers } = await m.getRepository(Customer).insert(values);
    return identifiers[0].id as number;
  }

  @GenerateSql({
    args: [
      SqlArg.manager,
      {
        customer_id: 1,
        kind: 'shipping',
        first_name: 'Ada',
        last_name: 'Lovelace',
        street_address: '1 Market St',
        city: 'San Francisco',
        postal_code: '94105',
        country_id: 1,
        state_id: 1,
        is_default: true,
      },
    ],
  })
  async insertAddress(m: EntityManager, values: Values<CustomerAddress>): Promise<void> {
    await m.getRepository(CustomerAddress).insert(values);
  }

  /** Whether a coupon has this code, in any case (its stored `code_key`, on UQ_coupons_code). */
  @GenerateSql({ args: [SqlArg.manager, 'welcome10'] })
  couponCodeExists(m: EntityManager, code: string): Promise<boolean> {
    return m.getRepository(Coupon).createQueryBuilder('c').where('c.code_key = lower(:code)', { code }).getExists();
  }

  @GenerateSql({
    args: [SqlArg.manager, { code: 'FIVEOFF', name: '5.00 off any quote', discount_type: 'fixed_amount', discount_value: '5.00' }],
  })
  async insertCoupon(m: EntityManager, values: Values<Coupon>): Promise<void> {
    await m.getRepository(Coupon).insert(values);
  }

  @GenerateSql({ args: [SqlArg.manager, 'Monthly'] })
  billingPlanExists(m: EntityManager, name: string): Promise<boolean> {
    return m.getRepository(BillingPlan).existsBy({ name });
  }

  @GenerateSql({
    args: [SqlArg.manager, { name: 'Monthly', interval_unit: 'month', interval_count: 1, trial_days: 0, renewal_cycles: null }],
  })
  async insertBillingPlan(m: EntityManager, values: Values<BillingPlan>): Promise<void> {
    await m.getRepository(BillingPlan).insert(values);
  }

  /** The id of a product by SKU; fails when there is none. */
  @GenerateSql({ args: [SqlArg.manager, 'DEMO-MUG'] })
  async productIdBySku(m: EntityManager, sku: string): Promise<number> {
    return (await m.getRepository(Product).findOneByOrFail({ sku })).id;
  }

  // Custom fields

  /** Adds the custom field definitions whose name is not taken. */
  @GenerateSql({
    args: [
      SqlArg.manager,
      [{ name: 'gift_wrap', label: 'Gift wrap', entity: 'cart', type: 'select', options: ['none', 'paper', 'box'], default_value: 'none' }],
    ],
  })
  async insertCustomFieldDefinitionsIfMissing(m: EntityManager, definitions: Values<CustomFieldDefinition>[]): Promise<void> {
    await m.createQueryBuilder().insert().into(CustomFieldDefinition).values(definitions).orIgnore().execute();
  }

  @GenerateSql()
  countCustomFieldDefinitions(m: EntityManager): Promise<number> {
    return m.getRepository(CustomFieldDefinition).count();
  }

  // API keys

  @GenerateSql()
  countApiKeys(m: EntityManager): Promise<number> {
    return m.getRepository(ApiKey).count();
  }
}

/** The instance the seeds use (see DemoRepository). */
export const demoRepository = new DemoRepository();
