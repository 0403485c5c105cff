import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';

/**
 * Building blocks for the response views (`<module>.views.ts`): one decorator per kind of output
 * field, each stating exactly what the presenters' formatters produce (docs/api.md#envelope-and-formats). A view is a
 * class whose every property carries one of these; the document marks views closed
 * (`additionalProperties: false`), so the e2e test fails when a presenter adds or drops a field.
 */

const MONEY_PATTERN = '^-?\\d+\\.\\d{2}$';
/** Month and day of any year: 31-day months, 30-day months, February up to the 28th. */
const MONTH_DAY = '(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))';
/**
 * 29 February of a leap year from 0004 (divisible by 4, not by 100 unless by 400): the years ending
 * in a multiple of 4 other than 00, then the multiples of 400 (0400 to 9600; 0000 is not one here).
 */
const LEAP_DAY = '(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)-02-29';
/** Years 0001 to 9999, written with four digits, without a look-ahead (generators choke on one): a non-zero digit somewhere. */
const YEAR = '(?:[1-9]\\d{3}|0[1-9]\\d{2}|00[1-9]\\d|000[1-9])';
/** A real calendar date from year 0001: what `parseTimestamp` takes (31 February and 29 February 2100 refused). */
const DAY = `(?:${YEAR}-${MONTH_DAY}|${LEAP_DAY})`;
/** A real calendar date from year 0000 (year 0000 is a leap year): what a custom field of type `date` takes. */
export const ANY_YEAR_DATE = `(?:\\d{4}-${MONTH_DAY}|${LEAP_DAY}|0000-02-29)`;
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d';
/** `YYYY-MM-DD HH:MM:SS`, a real calendar date, hours 00–23. */
const TIMESTAMP_PATTERN = `^${DAY} ${TIME}$`;
/** What `parseTimestamp` reads: the form above, or ISO 8601 with `T`, optional seconds and fraction, and `Z` or an offset up to ±23:59. */
export const TIMESTAMP_INPUT_PATTERN = `^${DAY}(?: ${TIME}|T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,9})?)?(?:Z|[+-](?:[01]\\d|2[0-3]):?[0-5]\\d))$`;
/** `YYYY-MM-DD`, a real calendar date from year 0001: what `IsCalendarDate` takes and a date column prints. */
export const DATE_PATTERN = `^${DAY}$`;
/**
 * An e-mail address as the server's check (class-validator's `isEmail`) takes it, in ASCII: a local
 * part of dot-separated atoms, a domain of dot-separated labels (no `_`, no leading or trailing `-`)
 * ending in a top-level domain of letters. So `a@localhost` and `a@b.c1`, which `format: email`
 * admits, are refused. (The server also takes non-ASCII letters.) No look-around: the lengths are
 * `maxLength` (EMAIL_MAX_LENGTH) and, for the local part, the description (EMAIL_LENGTHS).
 */
export const EMAIL_PATTERN =
  "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$";
/** The longest address the server takes (isEmailAddress). */
export const EMAIL_MAX_LENGTH = 254;
/** What the pattern cannot say without a look-ahead, for the description of an e-mail field. */
export const EMAIL_LENGTHS = 'An address has at most 254 characters, at most 64 of them before the `@`.';
const US_DATE_PATTERN = '^\\d{2}/\\d{2}/\\d{4}$';

/** Every class that declared a property through `Field`: the document closes their schemas. */
export const VIEW_CLASSES = new Set<Function>();

type View = abstract new (...args: never[]) => unknown;

interface FieldOptions {
  nullable?: boolean;
  description?: string;
  example?: unknown;
}

type Schema = Record<string, unknown>;

function field(schema: Schema, options: FieldOptions = {}): PropertyDecorator {
  return (target, key) => {
    VIEW_CLASSES.add(target.constructor);
    const { nullable, ...rest } = options;
    ApiProperty({ ...schema, ...rest, ...(nullable ? { nullable: true } : {}), required: true } as never)(target, key);
  };
}

const embedClasses = new Map<string, Function>();

/** `{"data": …}`, the wrapper of an embedded relation (docs/api.md#embedding), one named class per view and shape. */
function embedWrapper(view: View, many: boolean, nullable: boolean): Function {
  const base = view.name.replace(/View$/, '');
  const name = `${base}${many ? 'List' : ''}${nullable ? 'OrNull' : ''}Embed`;
  let wrapper = embedClasses.get(name);
  if (!wrapper) {
    wrapper = { [name]: class {} }[name];
    VIEW_CLASSES.add(wrapper);
    ApiProperty(many ? { type: () => [view], required: true } : { type: () => view, nullable, required: true })(wrapper.prototype, 'data');
    embedClasses.set(name, wrapper);
  }
  return wrapper;
}

export const Field = {
  /** A row id. */
  id: (o?: FieldOptions) => field({ type: 'integer', minimum: 1, example: 1 }, o),
  integer: (o?: FieldOptions & { minimum?: number; maximum?: number }) => field({ type: 'integer', example: 0 }, o),
  number: (o?: FieldOptions) => field({ type: 'number', example: 19.99 }, o),
  text: (o?: FieldOptions & { pattern?: string; format?: string }) => field({ type: 'string', example: 'text' }, o),
  enum: (values: readonly string[], o?: FieldOptions) => field({ type: 'string', enum: [...values], example: values[0] }, o),
  /** A flag: 0 or 1. */
  flag: (o?: FieldOptions) => field({ type: 'integer', enum: [0, 1], example: 1 }, o),
  /** A two-decimal amount as a string (`formatMoney`). */
  money: (o?: FieldOptions) => field({ type: 'string', pattern: MONEY_PATTERN, example: '19.99' }, o),
  /** A two-decimal amount as a JSON number (`moneyNumber`). */
  moneyNumber: (o?: FieldOptions) => field({ type: 'number', example: 19.99 }, o),
  /** A decimal with a fixed number of places as a string (`formatDecimal`). */
  decimal: (places: number, o?: FieldOptions) =>
    field({ type: 'string', pattern: `^-?\\d+\\.\\d{${places}}$`, example: (8.875).toFixed(places) }, o),
  /** `YYYY-MM-DD HH:MM:SS` in UTC (`timestamp`). */
  timestamp: (o?: FieldOptions) => field({ type: 'string', pattern: TIMESTAMP_PATTERN, example: '2025-01-31 14:05:00' }, o),
  /** `YYYY-MM-DD`. */
  date: (o?: FieldOptions) => field({ type: 'string', pattern: DATE_PATTERN, example: '2025-03-01' }, o),
  /** `MM/DD/YYYY` (`usDate`). */
  usDate: (o?: FieldOptions) => field({ type: 'string', pattern: US_DATE_PATTERN, example: '01/31/2025' }, o),
  strings: (o?: FieldOptions) => field({ type: 'array', items: { type: 'string' }, example: ['a', 'b'] }, o),
  /** An object of string values (option name → value, custom field name → value). */
  stringMap: (o?: FieldOptions) => field({ type: 'object', additionalProperties: { type: 'string' }, example: { Size: 'L' } }, o),
  /** A nested view. */
  object: (view: () => View, o?: FieldOptions) => field({ type: () => view() }, o),
  /** An array of a nested view. */
  list: (view: () => View, o?: FieldOptions) => field({ type: () => [view()] }, o),
  /** A raw schema, for the odd field the helpers above do not cover. */
  schema: (schema: Schema, o?: FieldOptions) => field(schema, o),
  /**
   * An embedded relation: absent unless asked for with `embed`, then `{"data": view}` (or an array,
   * or null for a to-one relation that may be missing).
   */
  embed:
    (view: () => View, o: { many?: boolean; nullable?: boolean; description?: string } = {}): PropertyDecorator =>
    (target, key) => {
      VIEW_CLASSES.add(target.constructor);
      ApiProperty({
        type: () => embedWrapper(view(), !!o.many, !!o.nullable),
        required: false,
        description: o.description ?? `Present when \`embed\` names \`${String(key)}\`.`,
      })(target, key);
    },
  /**
   * A field that is one shape without `embed` and `{"data": …}` with it (product `options`).
   * The views are registered as extra models of the owning class.
   */
  plainOrEmbedded:
    (plain: View, embeddedView: View, o: { description?: string } = {}): PropertyDecorator =>
    (target, key) => {
      VIEW_CLASSES.add(target.constructor);
      const wrapper = embedWrapper(embeddedView, true, false);
      ApiExtraModels(plain, wrapper)(target.constructor);
      ApiProperty({
        required: true,
        description: o.description,
        oneOf: [{ type: 'array', items: { $ref: getSchemaPath(plain) } }, { $ref: getSchemaPath(wrapper) }],
      } as never)(target, key);
    },
};
