import { Column, Entity, Index, type Relation } from 'typeorm';
import { PriceTierColumns } from './price-tier-columns.entity.js';
import { ProductVariant } from './product-variant.entity.js';
import { StoreReference } from '../../../database/store-column.js';

@Entity({ name: 'variant_price_tiers' })
@Index('UQ_variant_price_tiers_variant_id_customer_group_id_quantity', ['variant_id', 'customer_group_id', 'quantity'], {
  unique: true,
  where: '"customer_group_id" IS NOT NULL',
})
@Index('UQ_variant_price_tiers_variant_id_quantity', ['variant_id', 'quantity'], { unique: true, where: '"customer_group_id" IS NULL' })
@Index('IDX_variant_price_tiers_variant_id', ['variant_id'])
@Index('IDX_variant_price_tiers_customer_group_id', ['customer_group_id'])
export class VariantPriceTier extends PriceTierColumns {
  @Column({ type: 'integer' })
  variant_id: number;

  @StoreReference(() => ProductVariant, 'variant_id', 'CASCADE')
  variant?: Relation<ProductVariant>;
}
