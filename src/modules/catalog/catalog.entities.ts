import { Category } from './category.entity.js';
import { ProductPriceTier } from './product-price-tier.entity.js';
import { VariantPriceTier } from './variant-price-tier.entity.js';
import { ProductAttribute } from './product-attribute.entity.js';
import { ProductCategory } from './product-category.entity.js';
import { ProductCustomFieldValue } from './product-custom-field-value.entity.js';
import { ProductExtra } from './product-extra.entity.js';
import { ProductOption } from './product-option.entity.js';
import { ProductVariant } from './product-variant.entity.js';
import { Product } from './product.entity.js';
import { ProductType } from './product-type.entity.js';

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
