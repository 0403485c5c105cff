import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { isHttpUrl } from '../domain/shipment-fields.js';

/** Single-line text loses surrounding white space; what is left empty becomes null (blank is null, docs/api.md#envelope-and-formats). */
export const TrimmedOrNull = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));

/** Required single-line text is trimmed; an empty result then fails @NotBlank. */
export const Trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Free text keeps its layout; only white space alone counts as blank. */
export const BlankToNull = () => Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value));

/** Leaves non-strings to the type check, so a field reports one problem. */
export function IsHttpUrl(): PropertyDecorator {
  return ValidateBy({
    name: 'isHttpUrl',
    validator: {
      validate: (v: unknown) => typeof v !== 'string' || isHttpUrl(v),
      defaultMessage: () => 'must be an http or https URL',
    },
  });
}
