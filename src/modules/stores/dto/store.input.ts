import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { currencyProblem, localeProblem, mailFromProblem, storeUrlProblem } from '../../../config/store-settings.js';
import { IsEmailAddress } from '../../../common/validation/email.js';
import { IsText, NotBlank, Nullable, Optional, Satisfies } from '../../../common/validation/decorators.js';

/** A field checked by one of the store settings' rules (src/config/store-settings.ts), the environment's too. */
const Follows = (problem: (value: string) => string | null) => Satisfies('storeSetting', problem);

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const trimmedOrNull = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));

/**
 * PATCH /store, and the settings of `store:update`: what a store's own keys change (its hosts are the
 * operator's, through the CLI).
 */
export class StorePatch {
  @Optional()
  @trimmed()
  @IsText(200)
  @NotBlank()
  name?: string;

  /** null: back to `https://<first host>`. */
  @Nullable()
  @trimmedOrNull()
  @IsText(2000)
  @Follows(storeUrlProblem)
  @ApiProperty({ format: 'uri', nullable: true })
  store_url?: string | null;

  @Optional()
  @trimmed()
  @IsText(3)
  @Follows(currencyProblem)
  @ApiProperty({ pattern: '^[A-Z]{3}$' })
  currency?: string;

  @Optional()
  @trimmed()
  @IsText(35)
  @Follows((locale) => localeProblem(locale, 'USD'))
  locale?: string;

  /** null: `no-reply@localhost` under the store's name. */
  @Nullable()
  @trimmedOrNull()
  @IsText(320)
  @Follows(mailFromProblem)
  mail_from?: string | null;

  /** null: nobody is told what buyers did. */
  @Nullable()
  @trimmedOrNull()
  @IsText(320)
  @IsEmailAddress({ message: 'must be an e-mail address' })
  store_email?: string | null;
}
