import { type BatchKey, textKey } from '../../../common/batch/batch-body.pipe.js';
import { IsString, Matches } from 'class-validator';
import { IsFlag, IsText, NotBlank, Nullable, Optional, RequiredFields } from '../../../common/validation/decorators.js';

export const API_CODE = /^[A-Za-z0-9_-]{1,64}$/;
export const API_CODE_MESSAGE = 'must be 1 to 64 letters, digits, _ or -';

export class CustomerGroupPatch {
  @Optional()
  @IsText(255)
  @NotBlank()
  name?: string;

  @Nullable()
  @IsText(4000)
  description?: string | null;

  @Optional()
  @IsString({ message: 'must be a string' })
  @Matches(API_CODE, { message: API_CODE_MESSAGE })
  api_code?: string;

  @Optional()
  @IsFlag()
  show_tax_inclusive?: boolean;

  @Optional()
  @IsFlag()
  is_tax_exempt?: boolean;
}

@RequiredFields('name', 'api_code')
export class CustomerGroupCreate extends CustomerGroupPatch {}

/** What a batch PUT (and an import line) of this resource is matched by; a repeated key is refused on the later member. */
export const CUSTOMER_GROUP_BATCH_KEY: BatchKey<CustomerGroupCreate> = textKey('api_code');
