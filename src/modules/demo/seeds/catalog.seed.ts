import type { EntityManager } from 'typeorm';
import type { Product } from '../../catalog/products/product.entity.js';
import { demoRepository as demo } from '../demo.repository.js';

const CATEGORIES = [
  { name: 'Apparel', url_name: 'apparel', api_code: 'apparel', sort_order: 1 },
  { name: 'Kitchen', url_name: 'kitchen', api_code: 'kitchen', sort_order: 2 },
];

interface DemoProduct {
  product: Partial<Product> & { name: string; sku: string; url_name: string; base_price: string };
  category: string;
  /** The product type's api_code; the default type when absent. */
  productType?: string;
  options?: { name: string; values: string[] }[];
  variants?: { sku: string; options: Record<string, string>; base_price?: string; tiers?: { quantity: number; price: string }[] }[];
  tiers?: { quantity: number; price: string }[];
  extras?: { sku: string; name: string; price: string }[];
}

const PRODUCTS: DemoProduct[] = [
  {
    product: {
      name: 'Classic T-Shirt',
      sku: 'DEMO-TSHIRT',
      url_name: 'classic-t-shirt',
      base_price: '19.99',
      weight: '0.20',
      description: '<p>Soft <strong>organic cotton</strong> tee.</p>',
      short_description: 'Organic cotton tee',
      manufacturer: 'Demo Mills',
    },
    category: 'apparel',
    options: [
      { name: 'Color', values: ['Black', 'White'] },
      { name: 'Size', values: ['S', 'M', 'L'] },
    ],
    variants: [
      { sku: 'DEMO-TSHIRT-BLK-S', options: { Color: 'Black', Size: 'S' } },
      { sku: 'DEMO-TSHIRT-BLK-M', options: { Color: 'Black', Size: 'M' } },
      { sku: 'DEMO-TSHIRT-WHT-M', options: { Color: 'White', Size: 'M' } },
      { sku: 'DEMO-TSHIRT-WHT-L', options: { Color: 'White', Size: 'L' }, base_price: '21.99' },
    ],
  },
  {
    product: {
      name: 'House Blend Coffee Beans 1 kg',
      sku: 'DEMO-COFFEE',
      url_name: 'house-blend-coffee-beans-1-kg',
      base_price: '24.00',
      weight: '1.00',
      description: '<p>Medium roast, notes of cocoa &amp; hazelnut.</p>',
    },
    category: 'kitchen',
    options: [{ name: 'Grind', values: ['Whole bean', 'Ground'] }],
    tiers: [
      { quantity: 5, price: '22.00' },
      { quantity: 10, price: '20.00' },
    ],
    variants: [
      { sku: 'DEMO-COFFEE-WHOLE', options: { Grind: 'Whole bean' } },
      { sku: 'DEMO-COFFEE-GROUND', options: { Grind: 'Ground' }, tiers: [{ quantity: 10, price: '21.00' }] },
    ],
  },
  {
    product: {
      name: 'Espresso Mug',
      sku: 'DEMO-MUG',
      url_name: 'espresso-mug',
      base_price: '9.50',
      weight: '0.30',
      description: '<p>Stoneware, 90 ml.</p>',
      is_on_sale: true,
      sale_price_or_discount: '10%',
    },
    category: 'kitchen',
    extras: [
      { sku: 'DEMO-GIFT-WRAP', name: 'Gift wrap', price: '2.50' },
      { sku: 'DEMO-SAUCER', name: 'Matching saucer', price: '3.00' },
    ],
  },
  {
    product: { name: 'Gift Card', sku: 'DEMO-GIFTCARD', url_name: 'gift-card', base_price: '25.00', type: 'Gift card' },
    category: 'apparel',
    // Sent by e-mail: no shipping, no stock.
    productType: 'downloadable',
  },
];

/** A small catalog to try quotes on; products whose SKU is already there are left alone. */
export async function seedCatalog(m: EntityManager): Promise<string> {
  await demo.insertCategoriesIfMissing(m, CATEGORIES);
  const categories = new Map((await demo.categories(m)).map((c) => [c.url_name, c.id]));
  let added = 0;
  for (const item of PRODUCTS) {
    if (await demo.productSkuExists(m, item.product.sku)) continue;
    const typeId = item.productType ? await demo.productTypeId(m, item.productType) : null;
    const product = await demo.insertProduct(m, typeId ? { ...item.product, product_type_id: typeId } : item.product);
    const categoryId = categories.get(item.category);
    if (categoryId) await demo.insertProductCategory(m, { product_id: product.id, category_id: categoryId });
    for (const [i, option] of (item.options ?? []).entries()) {
      await demo.insertOption(m, { ...option, product_id: product.id, sort_order: i });
    }
    for (const tier of item.tiers ?? []) await demo.insertPriceTier(m, { ...tier, product_id: product.id });
    for (const { tiers, ...variant } of item.variants ?? []) {
      const row = await demo.insertVariant(m, { ...variant, product_id: product.id });
      for (const tier of tiers ?? []) await demo.insertVariantPriceTier(m, { ...tier, variant_id: row.id });
    }
    for (const [i, extra] of (item.extras ?? []).entries()) {
      await demo.insertExtra(m, { ...extra, product_id: product.id, sort_order: i });
    }
    added++;
  }
  return `Catalog: ${PRODUCTS.length} demo products present (${added} added), ${CATEGORIES.length} categories.`;
}
