import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { type ValidationError, validate } from 'class-validator';
import { FieldErrorBag } from '../http/field-error-bag.js';
import { elementChecksOf, requiredFieldsOf } from './decorators.js';
import { cacheValidationMetadata } from './metadata-cache.js';
import { pendingFieldErrors } from './undeclared-input.js';

cacheValidationMetadata();

const UNKNOWN_FIELD = 'is not a known field';
const NUL = 'must not contain NUL characters';

/**
 * Validates bodies and query strings against their DTO classes and reports every problem at once
 * as a field path → messages map (docs/api.md#errors): nested paths use dots and indexes, unknown fields
 * are errors, and a DTO marked with @RequiredFields reports each missing field.
 */
@Injectable()
export class ApiValidationPipe implements PipeTransform {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const { metatype, type } = metadata;
    if (type === 'custom' || !metatype || [String, Number, Boolean, Object, Array].includes(metatype as never)) {
      return value;
    }
    const bag = new FieldErrorBag();
    // Query parameters of a route that declares none, found before the body is validated: reported with its fields.
    if (type === 'body') pendingFieldErrors(bag);
    // No body at all reads as an empty object: optional bodies just work, and a create without one
    // reports its required fields.
    if (type === 'body' && value === undefined) value = {};
    if (type === 'body' && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      bag.add('body', 'must be a JSON object').throwIfAny();
    }
    const instance = await validateInto(metatype as new () => object, (value ?? {}) as Record<string, unknown>, bag, '');
    bag.throwIfAny();
    return instance;
  }
}

/**
 * Validates one object against its DTO class into `bag`, every path prefixed with `prefix` (`3.`
 * for the fourth member of a batch, '' for a body), and returns the transformed instance. The
 * checks of a body and of a batch member are this one function, so they cannot drift.
 */
export async function validateInto<T extends object>(
  metatype: new () => T,
  value: Record<string, unknown>,
  bag: FieldErrorBag,
  prefix: string,
): Promise<T> {
  const { plain, reserved } = inspect(value, bag, prefix);
  const instance = plainToInstance(metatype, plain, { exposeDefaultValues: true }) as Record<string, unknown>;
  settleReserved(instance, reserved, bag, prefix);
  const errors = await validate(instance, VALIDATOR_OPTIONS);
  for (const error of errors) collect(error, prefix.slice(0, -1), bag);
  checkRequired(metatype, plain, instance, prefix, bag);
  return instance as T;
}

/**
 * The instance validateInto answered for a valid value, from a copy of it that lost its prototypes
 * (a structured clone: an import's members are validated on another thread and cross as plain
 * data). Each object gets its class back in place, a nested one the class its `@Type` names; the
 * fields are the instance's own already, so nothing is transformed again.
 */
export function restoreInstance<T extends object>(metatype: new () => T, copy: object): T {
  Object.setPrototypeOf(copy, metatype.prototype);
  for (const key of Object.keys(copy)) {
    const nested = nestedClassOf(metatype, key);
    if (!nested) continue;
    const value = (copy as Record<string, unknown>)[key];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isPlainObject(item)) restoreInstance(nested, item);
    }
  }
  return copy as T;
}

/** The class a DTO's field makes its objects (`@Type(() => X)`), else null; remembered per class and field. */
function nestedClassOf(metatype: Function, key: string): (new () => object) | null {
  let byKey = NESTED.get(metatype);
  if (!byKey) NESTED.set(metatype, (byKey = new Map()));
  let found = byKey.get(key);
  if (found === undefined) {
    const type = defaultMetadataStorage.findTypeMetadata(metatype, key)?.typeFunction() as (new () => object) | undefined;
    found = type && !BUILT_IN.has(type) ? type : null;
    byKey.set(key, found);
  }
  return found;
}

const NESTED = new WeakMap<Function, Map<string, (new () => object) | null>>();
const BUILT_IN = new Set<Function>([Object, Array, Date, String, Number, Boolean, Map, Set]);

const VALIDATOR_OPTIONS = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  // One message per field: a null name is "must be a string", not three complaints.
  stopAtFirstError: true,
  validationError: { target: false, value: false },
};

/**
 * The fields a DTO requires (`@RequiredFields`) and its element checks, at its level and in nested
 * DTOs (`variants.1.price_tiers.0.quantity`): a nested member's class says what it requires too.
 */
function checkRequired(
  metatype: unknown,
  plain: Record<string, unknown>,
  instance: Record<string, unknown>,
  prefix: string,
  bag: FieldErrorBag,
): void {
  for (const field of requiredFieldsOf(metatype)) {
    if (plain[field] === undefined && !bag.has(`${prefix}${field}`)) bag.add(`${prefix}${field}`, 'is required');
  }
  for (const check of elementChecksOf(metatype)) {
    const elements = instance[check.property];
    if (!Array.isArray(elements) || bag.has(`${prefix}${check.property}`)) continue;
    elements.forEach((e, i) => check.test(e) || bag.add(`${prefix}${check.property}.${i}`, check.message));
  }
  for (const key of Object.keys(instance)) {
    const child = instance[key];
    const source = plain[key];
    if (Array.isArray(child) && Array.isArray(source)) {
      child.forEach((member, i) => {
        if (isDto(member) && isPlainObject(source[i])) checkRequired(member.constructor, source[i], member, `${prefix}${key}.${i}.`, bag);
      });
    } else if (isDto(child) && isPlainObject(source)) {
      checkRequired(child.constructor, source, child, `${prefix}${key}.`, bag);
    }
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/** An instance of a DTO class that declares required fields or element checks (not a plain object or map). */
const isDto = (v: unknown): v is Record<string, unknown> =>
  isPlainObject(v) &&
  Object.getPrototypeOf(v) !== Object.prototype &&
  (requiredFieldsOf(v.constructor).length > 0 || elementChecksOf(v.constructor).length > 0);

function collect(error: ValidationError, prefix: string, bag: FieldErrorBag): void {
  const path = prefix ? `${prefix}.${error.property}` : error.property;
  for (const [rule, message] of Object.entries(error.constraints ?? {})) {
    bag.add(path, rule === 'whitelistValidation' ? UNKNOWN_FIELD : tidy(message, error.property));
  }
  for (const child of error.children ?? []) collect(child, path, bag);
}

/** class-validator starts messages with the property name; the key already says it. */
function tidy(message: string, property: string): string {
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
}

/** A key a plain object already answers to (`constructor`, `__proto__`, `toString`, …). */
const isReservedName = (key: string): boolean => Object.hasOwn(Object.prototype, key);

/** A key named after an Object.prototype property, taken out of the value before transformation. */
interface Reserved {
  /** Where the object holding it is, and the object as the client sent it (for the key order). */
  path: string[];
  source: Record<string, unknown>;
  key: string;
}
/**
 * One iterative walk over the input (its depth is bounded by the body reader): U+0000 in text or
 * keys is refused here, since PostgreSQL cannot store it, and keys named after Object.prototype
 * properties are taken out, so class-transformer (which drops `constructor` and `__proto__`, and
 * would build a nested object with its own `constructor` key through that "constructor") and
 * class-validator's whitelist (which looks keys up in a plain object) never see them. Without such
 * keys the value is returned as is; with them, a copy without them.
 */
function inspect(root: Record<string, unknown>, bag: FieldErrorBag, prefix = ''): { plain: Record<string, unknown>; reserved: Reserved[] } {
  const reserved: Reserved[] = [];
  const top = prefix ? prefix.slice(0, -1).split('.') : [];
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: top }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) bag.add(path.join('.') || 'body', NUL);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, String(i)] });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        const v = (value as Record<string, unknown>)[key];
        if (key.includes('\u0000')) bag.add(path.join('.') || 'body', NUL);
        else if (isReservedName(key)) reserved.push({ path, source: value as Record<string, unknown>, key });
        else stack.push({ value: v, path: [...path, key] });
      }
    }
  }
  // The paths of reserved keys are relative to the value, as settleReserved walks it.
  for (const r of reserved) r.path = r.path.slice(top.length);
  return { plain: reserved.length > 0 ? (withoutReserved(root) as Record<string, unknown>) : root, reserved };
}

/** A copy of the value without reserved keys, at any depth (iterative, like `inspect`). */
function withoutReserved(root: unknown): unknown {
  const isContainer = (v: unknown): v is object => v !== null && typeof v === 'object';
  const copy = (v: unknown): unknown => (Array.isArray(v) ? [...v] : isContainer(v) ? { ...v } : v);
  const top = copy(root);
  const stack: unknown[] = [top];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown> | unknown[];
    const keys = Array.isArray(node) ? [...node.keys()] : Object.keys(node);
    for (const key of keys as (string & number)[]) {
      if (!Array.isArray(node) && isReservedName(key)) {
        delete node[key];
        continue;
      }
      const child = copy((node as Record<string, unknown>)[key]);
      (node as Record<string, unknown>)[key] = child;
      if (isContainer(child)) stack.push(child);
    }
  }
  return top;
}

/**
 * Where each reserved key was: on a DTO (the body, a nested item) it is an unknown field like any
 * other; in a free-form map (`options`, `custom_fields`) it is put back as an own property, so the
 * map's own checks judge it like any other name (they use Map, Object.hasOwn or Object.entries).
 */
function settleReserved(instance: Record<string, unknown>, reserved: Reserved[], bag: FieldErrorBag, prefix = ''): void {
  const restored = new Set<object>();
  for (const { path, source, key } of reserved) {
    let node: unknown = instance;
    for (const segment of path) {
      node =
        node !== null && typeof node === 'object' && Object.hasOwn(node, segment) ? (node as Record<string, unknown>)[segment] : undefined;
    }
    const isMap = node !== null && typeof node === 'object' && !Array.isArray(node) && Object.getPrototypeOf(node) === Object.prototype;
    if (!isMap) bag.add(prefix + [...path, key].join('.'), UNKNOWN_FIELD);
    else if (!restored.has(node as object)) {
      const map = node as Record<string, unknown>;
      restored.add(map);
      // The map again as sent, keys in their order: reserved ones as the client gave them, the others as transformed.
      const entries = Object.keys(source).map((k) => [k, isReservedName(k) ? source[k] : map[k]] as const);
      for (const k of Object.keys(map)) delete map[k];
      for (const [k, value] of entries) Object.defineProperty(map, k, { value, enumerable: true, writable: true, configurable: true });
    }
  }
}
