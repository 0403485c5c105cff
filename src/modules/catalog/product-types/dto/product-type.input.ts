import { type BatchKey, textKey } from '../../../../common/batch/batch-body.pipe.js';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { IsFlag, IsText, NotBlank, Optional, RequiredFields } from '../../../../common/validation/decorators.js';
import { API_CODE, API_CODE_MESSAGE } from '../../../customers/dto/customer-group.input.js';

/** PATCH /producttype/{id|api_code}: every field optional. */
export class ProductTypePatch {
  @Optional()
  @IsText(255)
  @NotBlank()
  name?: string;

  /** Unique case-insensitively (UQ_product_types_api_code, 422 api_code). */
  @Optional()
  @IsString({ message: 'must be a string' })
  @Matches(API_CODE, { message: API_CODE_MESSAGE })
  api_code?: string;

  /** Setting it moves the default here; clearing it on the default type is a 409 (another must become the default instead). */
  @Optional()
  @IsFlag()
  @ApiProperty({
    description:
      'Must be a boolean or 0/1. The store has exactly one default type: 1 moves the default here; 0 on the default type is a 409 (make another type the default instead); in a batch PUT at most one member sends 1 (two → 422).',
  })
  is_default?: boolean;

  @Optional()
  @IsFlag()
  has_shipping?: boolean;

  @Optional()
  @IsFlag()
  has_inventory?: boolean;

  @Optional()
  @IsFlag()
  has_options?: boolean;

  @Optional()
  @IsFlag()
  has_variants?: boolean;

  @Optional()
  @IsFlag()
  has_extras?: boolean;
}

/** POST /producttype: a flag left out is 1 (the type binds nothing), `is_default` 0. */
@RequiredFields('name', 'api_code')
export class ProductTypeCreate extends ProductTypePatch {}

/** What a batch PUT (and an import line) of this resource is matched by; a repeated key is refused on the later member. */
export const PRODUCT_TYPE_BATCH_KEY: BatchKey<ProductTypeCreate> = textKey('api_code', { folded: true });
