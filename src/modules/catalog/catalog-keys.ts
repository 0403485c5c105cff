import type { EntityManager } from 'typeorm';
import { findByKey } from '../../common/http/identifiers.js';
import { Product } from './product.entity.js';
import { ProductVariant } from './product-variant.entity.js';

/** `{product_id|product_sku}`: the id first, then the SKU (CONTRACT §2). */
export function findProduct(m: EntityManager, key: string, lock = false): Promise<Product> {
  return findByKey(m, Product, key, { alt: 'sku', label: 'Product', lock });
}

/** `{variant_id|variant_sku}`. */
export function findVariant(m: EntityManager, key: string, lock = false): Promise<ProductVariant> {
  return findByKey(m, ProductVariant, key, { alt: 'sku', label: 'Variant', lock });
}

/** Moves a product's updated_at (its Last-Modified) when something in its own representation changed. */
export async function touchProduct(m: EntityManager, id: number): Promise<void> {
  await m
    .createQueryBuilder()
    .update(Product)
    .set({ updated_at: () => 'now()' })
    .where('id = :id', { id })
    .execute();
}
