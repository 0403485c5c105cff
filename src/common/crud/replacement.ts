import { getMetadataStorage } from 'class-validator';

type Values = Record<string, unknown>;

/**
 * The writable fields of a request DTO class: every property its validators declare (the fields a
 * body may carry), own and inherited. A PUT writes each of them.
 */
export function writableFieldsOf(dto: Function): readonly string[] {
  let fields = WRITABLE.get(dto);
  if (!fields) {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
    fields = [...new Set(metadata.map((m) => m.propertyName))];
    WRITABLE.set(dto, fields);
  }
  return fields;
}

const WRITABLE = new WeakMap<Function, readonly string[]>();

/**
 * The values a PUT writes (docs/api.md#put-replace-a-resource): every writable field, the body's value where it carries
 * one, else what a create gives it: the column's default, or null. Fields no column stores (an API
 * name a service maps, a nested list) take null, which the service reads as "none".
 */
export function replacementValues(input: object, fields: readonly string[], defaults: ReadonlyMap<string, unknown>): Values {
  const given = input as Values;
  const values: Values = {};
  for (const field of fields) {
    const value = Object.hasOwn(given, field) ? given[field] : undefined;
    values[field] = value !== undefined ? value : defaults.has(field) ? defaults.get(field) : null;
  }
  return values;
}

/**
 * A PUT body as the PATCH of every writable field (replacementValues over the body's own DTO), for
 * the resources whose update is written by hand: their PATCH rules then apply to the whole body.
 */
export function asReplacement<T extends object>(input: T, defaults: ReadonlyMap<string, unknown>): T {
  return replacementValues(input, writableFieldsOf(input.constructor), defaults) as T;
}

/**
 * What a PUT on a `{id|key}` path that names nothing does (docs/api.md#put-replace-a-resource): a resource created under
 * its key (`create`), or 404 (`missing`: the resource has no key a PUT creates by), or 422 on the key
 * field when the body names another key than the path (`mismatch`). `fold` compares keys as they
 * are stored (upper for country codes, lower for codes compared in any case).
 */
export type PutTarget = { kind: 'create' } | { kind: 'missing' } | { kind: 'mismatch'; field: string };

export interface PutKey {
  /** The body field that carries the key (`code`, `api_code`, `name`). */
  field: string;
  fold?: 'upper' | 'lower';
}

export function putTarget(segment: string, input: object, key: PutKey | undefined): PutTarget {
  if (!key) return { kind: 'missing' };
  const given = (input as Values)[key.field];
  const fold = (s: string) => (key.fold === 'upper' ? s.toUpperCase() : key.fold === 'lower' ? s.toLowerCase() : s);
  if (typeof given !== 'string' || fold(given) !== fold(segment)) return { kind: 'mismatch', field: key.field };
  return { kind: 'create' };
}
