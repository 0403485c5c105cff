import { type BatchKey, textKey } from '../../../common/batch/batch-body.pipe.js';
import { IsFlag, IsId, IsText, Nullable, Optional, RequiredFields } from '../../../common/validation/decorators.js';
import { IsEmailAddress } from '../../../common/validation/email.js';

export class CustomerPatch {
  @Nullable()
  @IsText(255)
  first_name?: string | null;

  @Nullable()
  @IsText(255)
  last_name?: string | null;

  /** Stored as given; unique case-insensitively (UQ_customers_email on lower(email)). */
  @Optional()
  @IsEmailAddress({ message: 'must be a valid e-mail address' })
  @IsText(255)
  email?: string;

  @Nullable()
  @IsText(255)
  company?: string | null;

  @Nullable()
  @IsText(50)
  phone?: string | null;

  @Nullable()
  @IsText(4000)
  notes?: string | null;

  @Optional()
  @IsFlag()
  is_guest?: boolean;

  /** Must name an existing group; the foreign key answers 422 "does not exist" otherwise. */
  @Nullable()
  @IsId()
  customer_group_id?: number | null;
}

@RequiredFields('email')
export class CustomerCreate extends CustomerPatch {}

/** What a batch PUT (and an import line) of this resource is matched by; a repeated key is refused on the later member. */
export const CUSTOMER_BATCH_KEY: BatchKey<CustomerCreate> = textKey('email', { folded: true });
