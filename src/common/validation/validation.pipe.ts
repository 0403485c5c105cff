import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { type ValidationError, validate } from 'class-validator';
import { ApiError, FieldErrorBag } from '../http/api-error.js';
import { requiredFieldsOf } from './decorators.js';

const UNKNOWN_FIELD = 'is not a known field';

/**
 * Validates bodies and query strings against their DTO classes and reports every problem at once
 * as a field path → messages map (CONTRACT §4): nested paths use dots and indexes, unknown fields
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
    // No body at all reads as an empty object: optional bodies just work, and a create without one
    // reports its required fields.
    if (type === 'body' && value === undefined) value = {};
    if (type === 'body' && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw ApiError.field('body', 'must be a JSON object');
    }
    const plain = (value ?? {}) as Record<string, unknown>;
    findNulBytes(plain, '', bag);
    const instance = plainToInstance(metatype as new () => object, plain, { exposeDefaultValues: true }) as Record<string, unknown>;
    const errors = await validate(instance, {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      // One message per field: a null name is "must be a string", not three complaints.
      stopAtFirstError: true,
      validationError: { target: false, value: false },
    });
    for (const error of errors) collect(error, '', bag);
    for (const field of requiredFieldsOf(metatype)) {
      if (plain[field] === undefined && !bag.errors[field]) bag.add(field, 'is required');
    }
    bag.throwIfAny();
    return instance;
  }
}

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

/** PostgreSQL cannot store U+0000 in text; refuse it here rather than fail at the database. */
function findNulBytes(value: unknown, path: string, bag: FieldErrorBag): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) bag.add(path || 'body', 'must not contain NUL characters');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => findNulBytes(v, path ? `${path}.${i}` : String(i), bag));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) bag.add(path || 'body', 'must not contain NUL characters');
      else findNulBytes(v, path ? `${path}.${k}` : k, bag);
    }
  }
}
