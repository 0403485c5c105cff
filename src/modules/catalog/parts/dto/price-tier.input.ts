import { IsId, IsIntIn, Nullable, Optional, RequiredFields } from '../../../../common/validation/decorators.js';
import { IsMoney } from '../../dto/catalog-validators.js';

/** A product or variant price tier. */
export class PriceTierPatch {
  /** Null: the tier applies to every customer. */
  @Nullable()
  @IsId()
  customer_group_id?: number | null;

  @Optional()
  @IsIntIn(1)
  quantity?: number;

  @Optional()
  @IsMoney()
  price?: string;
}

@RequiredFields('quantity', 'price')
export class PriceTierCreate extends PriceTierPatch {}
