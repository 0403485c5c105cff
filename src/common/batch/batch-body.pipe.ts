import { Body, type PipeTransform } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { FieldErrorBag } from '../http/field-error-bag.js';
import { pendingFieldErrors } from '../validation/undeclared-input.js';
import { validateInto } from '../validation/validation.pipe.js';
import { MAX_BATCH_MEMBERS } from './array-body.js';

export interface BatchBodyOptions<T> {
  /** Most members (default 1,000); more → 422 `body`. */
  max?: number;
  /**
   * A member's key (`sku`, an e-mail folded to lower case) and the field it is reported on; a member
   * whose key an earlier member has → 422 on `N.<field>`. A member without a key (undefined/null) is
   * not compared, nor is one that failed validation (its fields may be of any JSON type).
   */
  key?: { field: string; of: (member: T) => string | number | null | undefined };
  /** Members may be given as plain values (category ids), not objects: validated by `test` only. */
  scalar?: { test: (v: unknown) => boolean; message: string };
}

/** A batch member's key and the field it is reported on (BatchBodyOptions.key). */
export type BatchKey<T> = NonNullable<BatchBodyOptions<T>['key']>;

/**
 * The key of a member matched by a text field, as sent or folded to lower case (`folded`: an e-mail,
 * a code compared case-insensitively); none when the field holds anything but text. Total, so a key
 * is never what turns a refusal into a 500, wherever a member comes from.
 */
export function textKey<T extends object>(field: keyof T & string, { folded = false }: { folded?: boolean } = {}): BatchKey<T> {
  return {
    field,
    of: (member) => {
      const value = (member as Record<string, unknown>)[field];
      if (typeof value !== 'string') return undefined;
      return folded ? value.toLowerCase() : value;
    },
  };
}

/**
 * Validates a JSON array body member by member against the member's DTO class, with the checks of a
 * body (unknown fields, types, required fields, NUL characters) and every error as `N.field`, all in
 * one 422. Each member's validation is one synchronous-at-heart call of class-validator; 1,000
 * products with their parts take a few tens of milliseconds (bench/README.md).
 */
export class BatchBodyPipe<T extends object> implements PipeTransform {
  constructor(
    private readonly member: new () => T,
    private readonly options: BatchBodyOptions<T> = {},
  ) {}

  async transform(value: unknown): Promise<T[]> {
    const bag = new FieldErrorBag();
    pendingFieldErrors(bag);
    const max = this.options.max ?? MAX_BATCH_MEMBERS;
    if (!Array.isArray(value)) bag.add('body', 'must be a JSON array').throwIfAny();
    const members = value as unknown[];
    if (members.length > max) bag.add('body', `must have at most ${max} members`).throwIfAny();
    const scalar = this.options.scalar;
    if (scalar) {
      members.forEach((m, i) => scalar.test(m) || bag.add(String(i), scalar.message));
      bag.throwIfAny();
      return members as T[];
    }
    const out: T[] = new Array<T>(members.length);
    // Only members that passed validation are keyed: a failed one's key may be a number, an object, anything.
    const valid: boolean[] = new Array<boolean>(members.length).fill(false);
    for (let i = 0; i < members.length; i++) {
      const m = members[i];
      if (m === null || typeof m !== 'object' || Array.isArray(m)) {
        bag.add(String(i), 'must be a JSON object');
        continue;
      }
      const errors = bag.size;
      out[i] = await validateInto(this.member, m as Record<string, unknown>, bag, `${i}.`);
      valid[i] = bag.size === errors;
    }
    const key = this.options.key;
    if (key) {
      const seen = new Map<string | number, number>();
      out.forEach((m, i) => {
        if (!valid[i]) return;
        const k = key.of(m);
        if (k === undefined || k === null) return;
        const first = seen.get(k);
        if (first === undefined) seen.set(k, i);
        else bag.add(`${i}.${key.field}`, `is the same as member ${first}'s`);
      });
    }
    bag.throwIfAny();
    return out;
  }
}

/**
 * The body of an `@ArrayBodyRoute()`: a JSON array of `member`s, validated by BatchBodyPipe. The
 * OpenAPI document reads the array from `@ApiBody`.
 */
export function BatchBody<T extends object>(member: new () => T, options: BatchBodyOptions<T> = {}): ParameterDecorator {
  const body = Body(new BatchBodyPipe(member, options));
  const doc = ApiBody({ type: member, isArray: true });
  return (target, key, index) => {
    body(target, key, index);
    if (key !== undefined) doc(target, key, Object.getOwnPropertyDescriptor(target, key)!);
  };
}
