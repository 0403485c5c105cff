import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateBy,
  type ValidationOptions,
  buildMessage,
} from 'class-validator';
import { parseTimestamp } from '../format/format.js';

const REQUIRED = Symbol('requiredFields');

/** Fields a create body must carry; the validation pipe reports each missing one as "is required". */
export function RequiredFields(...fields: string[]): ClassDecorator {
  return (target) => Reflect.defineMetadata(REQUIRED, fields, target);
}

export function requiredFieldsOf(target: unknown): string[] {
  return (Reflect.getMetadata(REQUIRED, target as object) as string[] | undefined) ?? [];
}

const ELEMENT_CHECKS = Symbol('elementChecks');

export interface ElementCheck {
  property: string;
  test: (element: unknown) => boolean;
  message: string;
}

/**
 * Each element of an array field must pass `test`; a failing one is reported at its index
 * (`customer_emails.2`), in the same 422 as the other fields, once the field itself is a valid array.
 */
export function EachElement(test: (element: unknown) => boolean, message: string): PropertyDecorator {
  return (target, key) => {
    const own = (Reflect.getOwnMetadata(ELEMENT_CHECKS, target.constructor) as ElementCheck[] | undefined) ?? [
      ...elementChecksOf(target.constructor),
    ];
    Reflect.defineMetadata(ELEMENT_CHECKS, [...own, { property: String(key), test, message }], target.constructor);
  };
}

export function elementChecksOf(target: unknown): ElementCheck[] {
  return (Reflect.getMetadata(ELEMENT_CHECKS, target as object) as ElementCheck[] | undefined) ?? [];
}

/** Optional, but not nullable: `undefined` skips validation, `null` is validated (and fails). */
export function Optional(): PropertyDecorator {
  return ValidateIf((_o, v) => v !== undefined);
}

/** Optional and nullable. */
export function Nullable(): PropertyDecorator {
  return ValidateIf((_o, v) => v !== undefined && v !== null);
}

function compose(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((d) => d(target, key));
}

export const INT4_MAX = 2147483647;

/** A row id (int4). */
export function IsId(): PropertyDecorator {
  return compose(
    IsInt({ message: 'must be an integer' }),
    Min(1, { message: 'must be at least 1' }),
    Max(INT4_MAX, { message: `must be at most ${INT4_MAX}` }),
  );
}

/** An integer within [min, max] (max defaults to int4). */
export function IsIntIn(min: number, max = INT4_MAX): PropertyDecorator {
  return compose(
    IsInt({ message: 'must be an integer' }),
    Min(min, { message: `must be at least ${min}` }),
    Max(max, { message: `must be at most ${max}` }),
  );
}

/** A string of at most `max` characters. */
export function IsText(max = 255): PropertyDecorator {
  return compose(IsString({ message: 'must be a string' }), MaxLength(max, { message: `must be at most ${max} characters` }));
}

/** A string with something other than white space in it (other types are left to the type check). */
export function NotBlank(): PropertyDecorator {
  return ValidateBy({
    name: 'notBlank',
    validator: {
      validate: (v: unknown) => typeof v !== 'string' || v.trim().length > 0,
      defaultMessage: () => 'must not be blank',
    },
  });
}

/**
 * A string that passes a rule of its own: `problem` answers what is wrong with it (the field's
 * message), or null. Other types are left to the type check, so a field reports one problem.
 */
export function Satisfies(name: string, problem: (value: string) => string | null): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (v: unknown) => typeof v !== 'string' || problem(v) === null,
      defaultMessage: (args) => (typeof args?.value === 'string' ? (problem(args.value) ?? '') : ''),
    },
  });
}

/** A flag: `true`/`false` or `1`/`0` on input, a boolean after transformation. */
export function IsFlag(): PropertyDecorator {
  return compose(
    Transform(({ value }) => (value === 1 ? true : value === 0 ? false : value)),
    IsBoolean({ message: 'must be a boolean or 0/1' }),
  );
}

/**
 * An exact decimal given as a JSON number or a string, with at most `places` decimals, kept as a string.
 * Bounds keep it inside the column's precision so nothing overflows at the database.
 */
export function IsDecimal(opts: { places?: number; min?: number; max?: number } = {}, options?: ValidationOptions): PropertyDecorator {
  const places = opts.places ?? 2;
  const min = opts.min ?? 0;
  const max = opts.max ?? 9999999999;
  const pattern = new RegExp(`^-?\\d{1,15}(\\.\\d{1,${places}})?$`);
  return compose(
    Transform(({ value }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value)),
    ValidateBy(
      {
        name: 'isDecimal',
        validator: {
          validate: (v: unknown) => typeof v === 'string' && pattern.test(v) && Number(v) >= min && Number(v) <= max,
          defaultMessage: buildMessage(() => `must be a decimal number from ${min} to ${max} with at most ${places} decimals`, options),
        },
      },
      options,
    ),
  );
}

/**
 * A timestamp: `YYYY-MM-DD HH:MM:SS` (UTC) or ISO 8601 with an offset; becomes a Date. In a query
 * string an unencoded `+` of the offset arrives as a space, which `fromQuery` reads back as `+`.
 */
export function IsTimestamp(opts: { fromQuery?: boolean } = {}): PropertyDecorator {
  const fix = (v: string) => (opts.fromQuery ? v.replace(/T(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}:?\d{2})$/, 'T$1+$2') : v);
  return compose(
    Transform(({ value }) => (typeof value === 'string' ? (parseTimestamp(fix(value)) ?? value) : value)),
    ValidateBy({
      name: 'isTimestamp',
      validator: {
        validate: (v: unknown) => v instanceof Date,
        defaultMessage: () => 'must be a timestamp (YYYY-MM-DD HH:MM:SS or ISO 8601 with offset)',
      },
    }),
  );
}

/** A calendar date `YYYY-MM-DD`. */
export function IsCalendarDate(): PropertyDecorator {
  return ValidateBy({
    name: 'isCalendarDate',
    validator: {
      validate: (v: unknown) => {
        // Years 0001 to 9999: PostgreSQL has no year 0000 (its 1 BC), which a Date takes.
        if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || v.startsWith('0000')) return false;
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
      },
      defaultMessage: () => 'must be a date (YYYY-MM-DD)',
    },
  });
}
