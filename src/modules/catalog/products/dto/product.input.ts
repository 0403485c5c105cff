import { Transform } from 'class-transformer';
import {
  IsCalendarDate,
  IsFlag,
  IsId,
  IsIntIn,
  IsText,
  NotBlank,
  Nullable,
  Optional,
  RequiredFields,
} from '../../../../common/validation/decorators.js';
import { IsIdList, IsMoney, IsSaleRule, IsSku, IsUrlName } from '../../dto/catalog-validators.js';

const INT_MIN = -2147483648;

/** PATCH /product/{id|sku}: every field optional. */
export class ProductPatch {
  @Optional()
  @IsText(255)
  @NotBlank()
  name?: string;

  @Nullable()
  @IsSku()
  sku?: string | null;

  /** Derived from the name when a product is created without one. */
  @Optional()
  @IsUrlName()
  url_name?: string;

  @Nullable()
  @IsText(255)
  title?: string | null;

  @Nullable()
  @IsText(64)
  barcode?: string | null;

  /** HTML; null clears it (stored as ''). */
  @Transform(({ value }) => (value === null ? '' : value))
  @Optional()
  @IsText(65535)
  description?: string;

  @Nullable()
  @IsText(65535)
  short_description?: string | null;

  @Nullable()
  @IsText(1000)
  meta_description?: string | null;

  @Nullable()
  @IsText(1000)
  meta_keywords?: string | null;

  @Optional()
  @IsMoney()
  base_price?: string;

  /** Null only for a type without shipping, whose products read it as null (docs/api.md#product-types). */
  @Nullable()
  @IsMoney()
  weight?: string | null;

  @Optional()
  @IsMoney()
  out_of_stock_threshold?: string;

  @Nullable()
  @IsMoney()
  cost?: string | null;

  @Nullable()
  @IsMoney()
  depth?: string | null;

  @Nullable()
  @IsMoney()
  width?: string | null;

  @Nullable()
  @IsMoney()
  height?: string | null;

  @Nullable()
  @IsIntIn(0)
  low_stock_threshold?: number | null;

  /** Negative when negative stock is allowed. */
  @Nullable()
  @IsIntIn(INT_MIN)
  in_stock_amount?: number | null;

  @Nullable()
  @IsSaleRule()
  sale_price_or_discount?: string | null;

  @Nullable()
  @IsIntIn(INT_MIN)
  sort_order?: number | null;

  @Nullable()
  @IsCalendarDate()
  expected_availability_date?: string | null;

  @Optional()
  @IsFlag()
  enabled?: boolean;

  @Optional()
  @IsFlag()
  enabled_backend?: boolean;

  @Optional()
  @IsFlag()
  is_on_sale?: boolean;

  @Optional()
  @IsFlag()
  track_inventory?: boolean;

  @Optional()
  @IsFlag()
  allow_preorder?: boolean;

  @Optional()
  @IsFlag()
  hide_out_of_stock?: boolean;

  @Optional()
  @IsFlag()
  allow_negative_stock?: boolean;

  @Optional()
  @IsFlag()
  is_catalog_visible?: boolean;

  @Optional()
  @IsFlag()
  is_search_visible?: boolean;

  @Optional()
  @IsFlag()
  enable_product_shipping_rates?: boolean;

  @Optional()
  @IsFlag()
  is_subscription_only?: boolean;

  @Nullable()
  @IsText(255)
  manufacturer?: string | null;

  @Optional()
  @IsText(64)
  @NotBlank()
  type?: string;

  @Nullable()
  @IsId()
  tax_class_id?: number | null;

  /** The product's type; a create without it gets the default type. Moving to a type that forbids parts the product has is a 409. */
  @Optional()
  @IsId()
  product_type_id?: number;

  /** When present, the product's category links become exactly these (in this order for new links). */
  @Optional()
  @IsIdList()
  category_ids?: number[];
}

/** POST /product. */
@RequiredFields('name')
export class ProductCreate extends ProductPatch {}
