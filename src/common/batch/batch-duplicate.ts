import { QueryFailedError } from 'typeorm';
import { type ConstraintField, constraintField } from '../../database/constraint-fields.js';
import { ApiError } from '../http/api-error.js';

/**
 * A unique violation of a batch named at its member (docs/api.md#put-replace-a-resource: a batch's 422
 * names every field as `N.field`): PostgreSQL's detail `Key (product_id, options)=(5, {"Color": "Red"})`
 * gives the key's last column and its value, and the member holding that value under that name
 * (itself, or a part of it: `3.variants.1.sku`) is the one named; the later of two that hold it, as
 * for a repeated key. Null when the error is no unique violation or no member holds the value.
 */
export function duplicateOfMember(err: unknown, members: readonly unknown[]): ApiError | null {
  const driver = err instanceof QueryFailedError ? (err.driverError as { code?: string; detail?: string; constraint?: string }) : null;
  if (driver?.code !== '23505') return null;
  const field = constraintField(driver.constraint);
  const key = /^Key \((.+?)\)=\((.*)\) already exists/s.exec(driver.detail ?? '');
  if (!key) return repeatedInBatch(field, members);
  const columns = key[1].split(', ');
  // The mapping names a stored lower() (`email_key`) by the column it folds; the detail, the key's own columns.
  const last = columns[columns.length - 1];
  const folded = field?.folded ?? /^lower\(/.test(last);
  const column = field?.column ?? last.replace(/^lower\((\w+)(::\w+)?\)$/, '$1');
  // The columns before the last are ids and codes, without ", " in them; the last value is the rest.
  let value = key[2];
  for (let n = 1; n < columns.length; n++) value = value.slice(value.indexOf(', ') + 2);
  const wanted = canonical(value, folded);
  let found: string | null = null;
  members.forEach((member, i) => {
    const path = pathOf(member, column, wanted, folded);
    if (path !== null) found = `${i}.${path}`;
  });
  return found ? ApiError.unprocessable({ [found]: ['is already in use'] }) : null;
}

/**
 * Without the detail (a table under row-level security keeps it): the key's field from the
 * constraint's name, and the later of two members that hold the same value there. A key taken by a
 * row outside the batch (a concurrent write) is not named at a member (null).
 */
function repeatedInBatch(field: ConstraintField | null, members: readonly unknown[]): ApiError | null {
  if (!field) return null;
  const seen = new Set<string>();
  let found: string | null = null;
  members.forEach((member, i) => {
    for (const [path, value] of valuesOf(member, field.column)) {
      const text = canonical(value, field.folded);
      if (seen.has(text)) found ??= `${i}.${path}`;
      seen.add(text);
    }
  });
  return found ? ApiError.unprocessable({ [found]: ['is already in use'] }) : null;
}

/** Every property `column` within `value` (depth first) with its path. */
function valuesOf(value: unknown, column: string, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [];
  const out: [string, unknown][] = [];
  for (const [name, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (name === column && inner !== null && inner !== undefined) out.push([path, inner]);
    out.push(...valuesOf(inner, column, path));
  }
  return out;
}

/** Runs a batch's work, naming a unique violation at its member. */
export async function namingDuplicates<T>(members: readonly unknown[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw duplicateOfMember(err, members) ?? err;
  }
}

/** The path within `value` (depth first, the last match) of a property `column` whose value is `wanted`. */
function pathOf(value: unknown, column: string, wanted: string, folded: boolean): string | null {
  if (value === null || typeof value !== 'object') return null;
  let found: string | null = null;
  for (const [name, inner] of Object.entries(value)) {
    if (name === column && inner !== null && inner !== undefined && canonical(inner, folded) === wanted) found = name;
    const deeper = pathOf(inner, column, wanted, folded);
    if (deeper !== null) found = `${name}.${deeper}`;
  }
  return found;
}

/** A value as one comparable text: PostgreSQL's text of a JSON value and the member's value alike, keys sorted. */
function canonical(value: unknown, folded: boolean): string {
  let parsed = value;
  if (typeof value === 'string' && /^[{[]/.test(value)) {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = value;
    }
  }
  const text = typeof parsed === 'string' ? parsed : JSON.stringify(sorted(parsed));
  return folded ? text.toLowerCase() : text;
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
  );
}
