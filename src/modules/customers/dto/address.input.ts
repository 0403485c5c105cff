import { Transform } from 'class-transformer';
import { IsIn, IsString, Matches } from 'class-validator';
import { ListQuery } from '../../../common/paging/list-query.dto.js';
import { IsFlag, IsText, Nullable, Optional, RequiredFields } from '../../../common/validation/decorators.js';
import { ADDRESS_KINDS, type AddressKind } from '../domain/address-kinds.js';

const upper = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value));
const KIND_MESSAGE = `must be one of: ${ADDRESS_KINDS.join(', ')}`;

export class AddressPatch {
  @Optional()
  @IsIn(ADDRESS_KINDS, { message: KIND_MESSAGE })
  kind?: AddressKind;

  @Nullable()
  @IsText(255)
  first_name?: string | null;

  @Nullable()
  @IsText(255)
  last_name?: string | null;

  @Nullable()
  @IsText(255)
  company?: string | null;

  @Nullable()
  @IsText(50)
  phone?: string | null;

  @Nullable()
  @IsText(1000)
  street_address?: string | null;

  @Nullable()
  @IsText(255)
  city?: string | null;

  @Nullable()
  @IsText(20)
  postal_code?: string | null;

  /** Any case; must be a country of the countries table (checked by the service). */
  @Optional()
  @IsString({ message: 'must be a string' })
  @upper()
  @Matches(/^[A-Z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 code (two letters)' })
  country_code?: string;

  /** Must be a state of the address's country (checked by the service). */
  @Nullable()
  @IsString({ message: 'must be a string' })
  @upper()
  @Matches(/^[A-Z0-9]{1,10}$/, { message: 'must be 1 to 10 letters or digits' })
  state_code?: string | null;

  @Optional()
  @IsFlag()
  is_default?: boolean;
}

@RequiredFields('kind', 'country_code')
export class AddressCreate extends AddressPatch {}

/** `GET /customer/{id}/addresses?kind=shipping`. */
export class AddressListQuery extends ListQuery {
  @Optional()
  @IsIn(ADDRESS_KINDS, { message: KIND_MESSAGE })
  kind?: AddressKind;
}
