import { IsText, NotBlank, Nullable, Optional, RequiredFields } from '../../../common/validation/decorators.js';
import { IsHttpUrl, Trimmed, TrimmedOrNull } from './text-input.js';

/** PATCH /shipment/{s}/trackingcode/{id|code}: every field optional (validators run bottom-up). */
export class TrackingCodePatch {
  @Optional()
  @Trimmed()
  @NotBlank()
  @IsText(255)
  code?: string;

  @Nullable()
  @TrimmedOrNull()
  @IsText(255)
  carrier?: string | null;

  @Nullable()
  @TrimmedOrNull()
  @IsHttpUrl()
  @IsText(2048)
  url?: string | null;
}

/** POST /shipment/{s}/trackingcode: a code on that shipment. */
@RequiredFields('code')
export class TrackingCodeCreate extends TrackingCodePatch {}
