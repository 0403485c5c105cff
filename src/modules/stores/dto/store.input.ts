import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { currencyProblem, localeProblem, mailFromProblem, storeUrlProblem } from '../../../config/store-settings.js';
import { IsEmailAddress } from '../../../common/validation/email.js';
import { IsText, NotBlank, Nullable, Optional } from '../../../common/validation/decorators.js';

/** A field checked by one of the store settings' rules (src/config/store-settings.ts). */
function Follows(rule: (value: string, body: StorePatch) => string | null): PropertyDecorator {
  const problem = (args?: ValidationArguments) => (typeof args?.value === 'string' ? rule(args.value, args.object as StorePatch) : null);
  return ValidateBy({
    name: 'storeSetting',
    validator: {
      validate: (_v: unknown, args?: ValidationArguments) => problem(args) === null,
      defaultMessage: (args?: ValidationArguments) => problem(args) ?? '',
    },
  });
}

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const trimmedOrNull = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));

/** PATCH /store: the settings a store's own keys change (its hosts are the operator's, through the CLI). */
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
