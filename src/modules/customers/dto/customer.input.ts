import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, ValidateNested } from 'class-validator';
import { type BatchKey, textKey } from '../../../common/batch/batch-body.pipe.js';
import { IsFlag, IsId, IsText, Nullable, Optional, RequiredFields } from '../../../common/validation/decorators.js';
import { IsEmailAddress } from '../../../common/validation/email.js';
import { AddressCreate } from './address.input.js';

export class CustomerPatch {
  @Nullable()
  @IsText(255)
  first_name?: string | null;

  @Nullable()
  @IsText(255)
  last_name?: string | null;

  /** Stored as given; unique case-insensitively (UQ_customers_email on its stored lower(email)). */
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

/** The most addresses a customer's PUT may carry. */
const MAX_ADDRESSES = 100;

/**
 * PUT /customer/{id}, a member of PUT /customers and a line of a customers import: the customer's
 * whole writable representation, with its `addresses` when sent (docs/api.md#put-replace-a-resource):
 * they become the customer's addresses, matched by kind and position; left out, the addresses stay.
 */
export class CustomerPut extends CustomerCreate {
  @ApiProperty({
    description: `Must be an array of addresses (each as POST /customer/{id}/addresses takes it); must have at most ${MAX_ADDRESSES} addresses. Sent, the customer's addresses become them: the k-th shipping address given replaces the customer's k-th shipping address (in id order), keeping its id, likewise billing; further ones are created, unmatched stored ones deleted, \`[]\` deletes them all. At most one of a kind has \`is_default: 1\`; when none has, the first of that kind that leaves \`is_default\` out is the default. Left out, the addresses stay as they are.`,
  })
  @Optional()
  @ValidateNested({ each: true, message: 'must be an object' })
  @Type(() => AddressCreate)
  @ArrayMaxSize(MAX_ADDRESSES, { message: `must have at most ${MAX_ADDRESSES} addresses` })
  @IsArray({ message: 'must be an array of addresses' })
  addresses?: AddressCreate[];
}
