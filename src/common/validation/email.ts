import { ValidateBy, type ValidationOptions, isEmail } from 'class-validator';

/**
 * Characters no address the store writes to may hold, though some are legal inside a quoted local
 * part: control characters (CR and LF would start a new header line), format characters (bidi
 * controls that reverse how an address reads, zero-width characters that hide inside one), any
 * space or separator, and the punctuation of address lists, quoting, comments and literals, which a
 * mailer would read as structure (`"a,b"@x` rewritten into two recipients).
 */
const REFUSED = /[\p{Cc}\p{Cf}\p{Z}\s"<>,;:\\()[\]]/u;

/**
 * The one test of an e-mail address, wherever one comes in (request bodies, STORE_EMAIL and
 * MAIL_FROM, every recipient before a message goes out): class-validator's `isEmail` (a domain with a
 * top-level domain of letters; letters of any script in the local part), at most 254 characters,
 * and none of the characters above, so no quoted local parts.
 */
export function isEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && !REFUSED.test(value) && isEmail(value);
}

/** The class-validator decorator of isEmailAddress (named `isEmail`, so the OpenAPI schema says `format: email`). */
export function IsEmailAddress(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isEmail', validator: { validate: (value) => isEmailAddress(value), defaultMessage: () => 'must be an e-mail address' } },
    options,
  );
}
