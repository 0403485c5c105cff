import { Category } from './categories/category.entity.js';
import { ProductPriceTier } from './parts/product-price-tier.entity.js';
import { VariantPriceTier } from './parts/variant-price-tier.entity.js';
import { ProductAttribute } from './parts/product-attribute.entity.js';
import { ProductCategory } from './parts/product-category.entity.js';
import { ProductCustomFieldValue } from './parts/product-custom-field-value.entity.js';
import { ProductExtra } from './parts/product-extra.entity.js';
import { ProductOption } from './parts/product-option.entity.js';
import { ProductVariant } from './parts/product-variant.entity.js';
import { Product } from './products/product.entity.js';
import { ProductType } from './product-types/product-type.entity.js';

/** Entities of the catalog module (registered in src/database/entities.ts). */
export const CATALOG_ENTITIES: Function[] = [
  ProductType,
  Product,
  Category,
  ProductCategory,
  ProductVariant,
  ProductPriceTier,
  VariantPriceTier,
  ProductOption,
  ProductExtra,
  ProductAttribute,
  ProductCustomFieldValue,
];
