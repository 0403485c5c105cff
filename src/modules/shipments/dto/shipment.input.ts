import { IsIn, Matches } from 'class-validator';
import { IsId, IsText, NotBlank, Nullable, Optional, RequiredFields } from '../../../common/validation/decorators.js';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '../domain/shipment-fields.js';
import { BlankToNull, TrimmedOrNull } from './text-input.js';

/**
 * PATCH /shipment/{id|number}: every field optional. Validators run bottom-up and stop at the first
 * failure, so the type check sits nearest the property.
 */
export class ShipmentPatch {
  /** Not trimmed: white space anywhere is refused, since the number is a path key. */
  @Optional()
  @Matches(/^\S*$/, { message: 'must not contain white space' })
  @NotBlank()
  @IsText(64)
  number?: string;

  @Nullable()
  @TrimmedOrNull()
  @IsText(255)
  order_reference?: string | null;

  /** Must name an existing order (422 otherwise). */
  @Nullable()
  @IsId()
  order_id?: number | null;

  @Optional()
  @IsIn(SHIPMENT_STATUSES, { message: `must be one of: ${SHIPMENT_STATUSES.join(', ')}` })
  status?: ShipmentStatus;

  @Nullable()
  @TrimmedOrNull()
  @IsText(255)
  shipping_method?: string | null;

  @Nullable()
  @BlankToNull()
  @IsText(10000)
  notes?: string | null;
}

/** POST /shipment. */
@RequiredFields('number')
export class ShipmentCreate extends ShipmentPatch {}
