import { Column, Entity, Index, type Relation } from 'typeorm';
import { PriceTierColumns } from './price-tier-columns.entity.js';
import { Product } from '../products/product.entity.js';
import { StoreReference } from '../../../database/store-column.js';

@Entity({ name: 'product_price_tiers' })
@Index('UQ_product_price_tiers_product_id_customer_group_id_quantity', ['product_id', 'customer_group_id', 'quantity'], {
  unique: true,
  where: '"customer_group_id" IS NOT NULL',
})
@Index('UQ_product_price_tiers_product_id_quantity', ['product_id', 'quantity'], { unique: true, where: '"customer_group_id" IS NULL' })
@Index('IDX_product_price_tiers_product_id', ['product_id'])
@Index('IDX_product_price_tiers_customer_group_id', ['customer_group_id'])
export class ProductPriceTier extends PriceTierColumns {
  @Column({ type: 'integer' })
  product_id: number;

  @StoreReference(() => Product, 'product_id', 'CASCADE')
  product?: Relation<Product>;
}
