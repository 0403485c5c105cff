import { IsIntIn, IsText, NotBlank, Nullable, Optional, RequiredFields } from '../../../../common/validation/decorators.js';
import { IsMoney, IsSku } from '../../dto/catalog-validators.js';

export class ExtraPatch {
  /** Quote items name extras by this SKU; unique within the product. */
  @Optional()
  @IsSku()
  sku?: string;

  @Optional()
  @IsText(255)
  @NotBlank()
  name?: string;

  @Optional()
  @IsMoney()
  price?: string;

  @Nullable()
  @IsMoney()
  weight?: string | null;

  @Optional()
  @IsIntIn(-2147483648)
  sort_order?: number;
}

@RequiredFields('sku', 'name')
export class ExtraCreate extends ExtraPatch {}
