import { TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { type ValidationArguments, getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata.js';
import { DECORATORS } from '@nestjs/swagger';
import { requiredFieldsOf } from '../common/validation/decorators.js';
import { EXCLUSIVE_FIELDS, SCHEMA_RULES } from './decorators.js';
import { DATE_PATTERN, EMAIL_LENGTHS, EMAIL_MAX_LENGTH, EMAIL_PATTERN, TIMESTAMP_INPUT_PATTERN } from './fields.js';

/**
 * Request schemas derived from the DTO classes' own validation metadata (class-validator), so the
 * document states exactly what the validation pipe enforces: types, bounds, patterns, enums,
 * nullability, `@RequiredFields`, nested items, and the very messages a 422 would carry. Nothing
 * is declared twice, and a DTO added later is described the moment a controller takes it.
 *
 * An explicit `@ApiProperty` on a DTO property is merged over what is derived (for what metadata
 * cannot tell, such as a custom validator's exact rule or a description).
 */

export type JsonSchema = Record<string, unknown>;

export const schemaRef = (name: string) => `#/components/schemas/${name}`;

/** Schemas of classes that are not ours to decorate, refined here. */
const OVERRIDES = new Map<string, JsonSchema>([
  ['ListQuery.order', { enum: ['ASC', 'DESC', 'asc', 'desc'], description: '`ASC` or `DESC`, any case. Default `ASC`.' }],
  ['ListQuery.limit', { default: 250 }],
  ['ListQuery.page', { default: 1 }],
  ['ListQuery.cursor', { description: 'Only rows with an id greater than this (stable paging under concurrent inserts).' }],
  ['ListQuery.sort', { description: 'Sort field (per-resource whitelist). Default `id`.' }],
]);

/** Explicit `@ApiProperty` keys that are JSON Schema and so can refine a derived schema. */
const EXPLICIT_KEYS = [
  'description',
  'example',
  'examples',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'items',
  'enum',
  'default',
  'deprecated',
  'title',
  'oneOf',
  'anyOf',
  'additionalProperties',
  'propertyNames',
  'uniqueItems',
  'minProperties',
  'maxProperties',
];

const storage = () => getMetadataStorage();

const TYPE_CHECKS = new Set(['isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isObject']);

function constraintName(m: ValidationMetadata): string | undefined {
  if (m.name) return m.name;
  if (!m.constraintCls) return undefined;
  return storage().getTargetValidatorConstraints(m.constraintCls)[0]?.name;
}

/** The message a failing value gets, as the validation pipe reports it (without the property name). */
function messageOf(m: ValidationMetadata, target: Function, property: string): string | null {
  const args: ValidationArguments = { value: undefined, constraints: m.constraints ?? [], targetName: target.name, object: {}, property };
  let text: string | undefined;
  try {
    if (typeof m.message === 'function') text = m.message(args);
    else if (typeof m.message === 'string') text = m.message;
    else if (m.constraintCls) {
      const instance = new (m.constraintCls as new () => { defaultMessage?: (a: ValidationArguments) => string })();
      text = instance.defaultMessage?.(args);
    }
  } catch {
    // A message builder that needs a real value tells nothing general; the schema still does.
    return null;
  }
  if (!text || text.includes('$')) return null;
  return text.startsWith(`${property} `) ? text.slice(property.length + 1) : text;
}

/** Class chain from the root ancestor down to `cls`. */
function lineage(cls: Function): Function[] {
  const chain: Function[] = [];
  for (let c: Function | null = cls; c && c !== Function.prototype && c !== Object; c = Object.getPrototypeOf(c) as Function | null) {
    chain.unshift(c);
  }
  return chain;
}

function typeOfValues(values: unknown[]): string | undefined {
  const types = new Set(values.map((v) => (typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v)));
  return types.size === 1 ? [...types][0] : undefined;
}

function withNull(schema: JsonSchema): JsonSchema {
  if (schema.$ref || schema.oneOf) {
    const { description, example, ...inner } = schema;
    return { ...(description ? { description } : {}), ...(example !== undefined ? { example } : {}), anyOf: [inner, { type: 'null' }] };
  }
  const out = { ...schema };
  if (typeof out.type === 'string') out.type = [out.type, 'null'];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  if (Array.isArray(out.anyOf)) out.anyOf = [...(out.anyOf as JsonSchema[]), { type: 'null' }];
  return out;
}

/** The validation pipe refuses NUL characters in every string of a body (and its keys). */
const NO_NUL: JsonSchema = { type: 'string', pattern: '\\u0000' };
/** A string that is not white space alone (what NotBlank refuses). */
const NOT_BLANK = '\\S';

/** Strings with a NUL in them that a pattern such as `^\\S+$` (no white space) still matches. */
const NUL_PROBES = ['\u0000', 'a\u0000', '\u0000a', 'a\u0000b', '1\u0000', 'A-\u0000'];
/** Whether a pattern lets a NUL through (probed: a pattern of allowed characters only, such as a timestamp's, does not). */
const admitsNul = (pattern: string): boolean => {
  // As ajv reads a pattern (unicode); one it cannot read says nothing of NUL.
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'u');
  } catch {
    return true;
  }
  return NUL_PROBES.some((probe) => re.test(probe));
};

/**
 * A free string (no enum or format of its own, which already say what it may hold) states that it has
 * no NUL; so does a string whose pattern would let one through (`\S`, `^\S+$`: no white space says
 * nothing of NUL).
 */
function noNul(schema: JsonSchema): void {
  const free =
    (schema.pattern === undefined || admitsNul(String(schema.pattern))) &&
    schema.enum === undefined &&
    schema.format === undefined &&
    schema.not === undefined;
  const string = schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
  if (string && free) {
    schema.not = NO_NUL;
  }
  // A map (an object of name → value): its names, and its string values, have no NUL either.
  const values = schema.additionalProperties;
  if (schema.type === 'object' && values && typeof values === 'object' && !(values as JsonSchema).$ref) {
    schema.propertyNames = { ...(schema.propertyNames as JsonSchema | undefined), not: NO_NUL };
    noNul(values as JsonSchema);
  }
}

/**
 * The string form of a non-negative decimal of at most `places` decimals up to `max` (a decimal
 * string), as a pattern: no sign, no leading zeros, never above `max`. `IsDecimal` also takes leading
 * zeros; the pattern documents the canonical spelling.
 */
export function decimalPattern(max: string, places: number): string {
  const [int, frac = ''] = max.split('.');
  const f = frac.padEnd(places, '0').slice(0, places);
  const digit = (lo: number, hi: number) => (lo === hi ? String(lo) : `[${lo}-${hi}]`);
  // Integers below `int` (no leading zeros): shorter ones, then same length with a smaller digit somewhere.
  const below: string[] = [];
  if (int.length > 1) below.push('0', `[1-9]\\d{0,${int.length - 2}}`);
  for (let i = 0; i < int.length; i++) {
    const d = Number(int[i]);
    const lo = i === 0 && int.length > 1 ? 1 : 0;
    if (d > lo) below.push(`${int.slice(0, i)}${digit(lo, d - 1)}${int.length - i - 1 ? `\\d{${int.length - i - 1}}` : ''}`);
  }
  const fraction = places ? `(\\.\\d{1,${places}})?` : '';
  // `int` itself, with a fraction not above `f`.
  const upTo: string[] = [];
  for (let i = 0; i < places; i++) {
    const d = Number(f[i]);
    upTo.push(f.slice(0, i + 1));
    if (d > 0) upTo.push(`${f.slice(0, i)}${digit(0, d - 1)}${places - i - 1 ? `\\d{0,${places - i - 1}}` : ''}`);
  }
  const top = places ? `${int}(\\.(${[...new Set(upTo)].join('|')}))?` : int;
  return `^(${below.length ? `(${below.join('|')})${fraction}|` : ''}${top})$`;
}

interface PropertyDoc {
  schema: JsonSchema;
  required: boolean;
}

export class DtoSchemas {
  /** Component schemas of body DTOs and their nested classes, by class. */
  readonly components = new Map<Function, JsonSchema>();

  /**
   * The object schema of a DTO; nested DTO classes are added to `components` and referenced. Fields
   * declared exclusive (`@ApiExclusive`) make it a `oneOf` of closed objects, each with exactly one of them.
   */
  objectSchema(cls: Function): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [name, doc] of this.properties(cls)) {
      properties[name] = doc.schema;
      if (doc.required) required.push(name);
    }
    const exclusive = (Reflect.getMetadata(EXCLUSIVE_FIELDS, cls) as string[] | undefined) ?? [];
    const closed = (props: Record<string, JsonSchema>, req: string[]): JsonSchema => ({
      type: 'object',
      properties: props,
      ...(req.length ? { required: req } : {}),
      // The validation pipe answers 422 "is not a known field" for anything else.
      additionalProperties: false,
    });
    const rules = (Reflect.getMetadata(SCHEMA_RULES, cls) as JsonSchema | undefined) ?? {};
    if (exclusive.length < 2) return { ...closed(properties, required), ...rules };
    return {
      ...rules,
      description: `Exactly one of ${exclusive.map((f) => `\`${f}\``).join(', ')}.`,
      oneOf: exclusive.map((field) =>
        closed(Object.fromEntries(Object.entries(properties).filter(([name]) => name === field || !exclusive.includes(name))), [
          ...new Set([...required, field]),
        ]),
      ),
    };
  }

  /** Registers a body DTO (and what it nests) as a component; returns its name. */
  component(cls: Function): string {
    if (!this.components.has(cls)) {
      this.components.set(cls, {}); // placeholder first: a class may nest itself
      this.components.set(cls, this.objectSchema(cls));
    }
    return cls.name;
  }

  /** Property name → schema and whether it is required, in declaration order (ancestors first). */
  properties(cls: Function): Map<string, PropertyDoc> {
    const all = storage().getTargetValidationMetadatas(cls, '', true, false);
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const c of lineage(cls)) {
      for (const m of all.filter((x) => x.target === c)) {
        const list = byProperty.get(m.propertyName) ?? [];
        list.push(m);
        byProperty.set(m.propertyName, list);
      }
    }
    const requiredFields = new Set(requiredFieldsOf(cls));
    const out = new Map<string, PropertyDoc>();
    for (const [name, metas] of byProperty) {
      const { schema, defined } = this.propertySchema(cls, name, metas);
      out.set(name, { schema, required: defined || requiredFields.has(name) });
    }
    return out;
  }

  private propertySchema(cls: Function, property: string, metas: ValidationMetadata[]): { schema: JsonSchema; defined: boolean } {
    let s: JsonSchema = {};
    const items: JsonSchema = {};
    const messages: string[] = [];
    let nullable = false;
    let defined = false;
    let nested: Function | undefined;
    let isArray = false;
    let email: JsonSchema | undefined;
    const coerced = defaultMetadataStorage.findTransformMetadatas(cls, property, TransformationType.PLAIN_TO_CLASS).length > 0;

    for (const m of metas) {
      if (m.type === 'conditionalValidation') {
        const condition = m.constraints?.[0] as ((o: object, v: unknown) => boolean) | undefined;
        nullable ||= condition?.({}, null) === false;
        continue;
      }
      if (m.type === 'isDefined') {
        defined = true;
        continue;
      }
      if (m.type === 'nestedValidation') {
        nested = defaultMetadataStorage.findTypeMetadata(cls, property)?.typeFunction() as Function | undefined;
        continue;
      }
      if (m.type !== 'customValidation') continue;
      const name = constraintName(m);
      const c = m.constraints ?? [];
      const target = m.each ? items : s;
      const message = messageOf(m, cls, property);
      // The type check reads first ("must be a string; must be at most 255 characters").
      if (message && !messages.includes(message)) {
        if (TYPE_CHECKS.has(name ?? '')) messages.unshift(message);
        else messages.push(message);
      }
      switch (name) {
        case 'isString':
          target.type = 'string';
          break;
        case 'isInt':
          target.type = 'integer';
          break;
        case 'isNumber':
          target.type = 'number';
          break;
        case 'isBoolean':
          // IsFlag: true/false or 0/1 (a transform turns 0/1 into booleans before validation).
          if (coerced) target.enum = [true, false, 0, 1];
          else target.type = 'boolean';
          break;
        case 'min':
          target.minimum = c[0];
          break;
        case 'max':
          target.maximum = c[0];
          break;
        case 'minLength':
          target.minLength = c[0];
          break;
        case 'maxLength':
          target.maxLength = c[0];
          target.type ??= 'string';
          break;
        case 'matches':
          target.pattern = c[0] instanceof RegExp ? c[0].source : String(c[0]);
          target.type ??= 'string';
          break;
        case 'isIn': {
          const values = c[0] as unknown[];
          target.enum = [...values];
          const t = typeOfValues(values);
          if (t) target.type = t;
          break;
        }
        case 'isEmail':
          target.type = 'string';
          target.format = 'email';
          target.pattern = EMAIL_PATTERN;
          email = target;
          break;
        case 'isArray':
          isArray = true;
          break;
        case 'arrayMaxSize':
          s.maxItems = c[0];
          isArray = true;
          break;
        case 'arrayMinSize':
          s.minItems = c[0];
          isArray = true;
          break;
        case 'isObject':
          target.type = 'object';
          break;
        case 'notBlank':
          target.type ??= 'string';
          target.minLength = Math.max(Number(target.minLength ?? 0), 1);
          // White space alone is blank: something besides it (a field with a pattern of its own says more).
          target.pattern ??= NOT_BLANK;
          break;
        case 'isDecimal': {
          // The rule lives in a closure; its message states the bounds and places.
          const rule = /from (-?[\d.]+) to (-?[\d.]+) with at most (\d+) decimals/.exec(message ?? '');
          const places = rule ? Number(rule[3]) : 2;
          // A JSON number too, in steps of the places it may have: 1.005 is refused where 2 are allowed.
          const number: JsonSchema = { type: 'number', multipleOf: Number((10 ** -places).toFixed(places)) };
          const text: JsonSchema = { type: 'string', pattern: `^-?\\d{1,15}(\\.\\d{1,${places}})?$` };
          if (rule) {
            Object.assign(number, { minimum: Number(rule[1]), maximum: Number(rule[2]) });
            if (Number(rule[1]) >= 0) text.pattern = decimalPattern(rule[2], places);
          }
          s = { ...s, anyOf: [text, number], example: (12.5).toFixed(places) };
          break;
        }
        case 'isTimestamp':
          Object.assign(target, {
            type: 'string',
            description: 'UTC `YYYY-MM-DD HH:MM:SS`, or ISO 8601 with `Z` or an offset (a real calendar date).',
            example: '2025-01-31 14:05:00',
            pattern: TIMESTAMP_INPUT_PATTERN,
          });
          break;
        case 'isCalendarDate':
          Object.assign(target, { type: 'string', format: 'date', pattern: DATE_PATTERN, example: '2025-03-01' });
          break;
        case 'isHttpUrl':
          Object.assign(target, { type: 'string', format: 'uri', example: 'https://carrier.example/track/1Z999' });
          break;
        default:
          break;
      }
    }

    if (nested) {
      const ref = { $ref: schemaRef(this.component(nested)) };
      s = isArray ? { ...s, type: 'array', items: ref } : { ...s, ...ref };
    } else if (isArray || Object.keys(items).length) {
      const itemSchema = { ...(s.items as JsonSchema | undefined), ...items };
      s = { ...s, type: 'array', ...(Object.keys(itemSchema).length ? { items: itemSchema } : {}) };
    }
    if (!s.type && !s.anyOf && !s.oneOf && !s.$ref && !s.enum) {
      const designType = Reflect.getMetadata('design:type', cls.prototype, property) as Function | undefined;
      const t = { String: 'string', Number: 'number', Boolean: 'boolean', Array: 'array' }[designType?.name ?? ''];
      if (t) s.type = t;
    }

    const override = lineage(cls)
      .map((c) => OVERRIDES.get(`${c.name}.${property}`))
      .find(Boolean);
    if (override) s = { ...s, ...override };
    const explicit = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, cls.prototype, property) as Record<string, unknown> | undefined;
    if (explicit) {
      for (const key of EXPLICIT_KEYS) if (explicit[key] !== undefined) s[key] = explicit[key];
      if (typeof explicit.type === 'string') s.type = explicit.type;
    }
    // The 422 messages double as the rule's description, in the words a client will see.
    if (messages.length && !s.description) s.description = `${messages.join('; ').replace(/^./, (ch) => ch.toUpperCase())}.`;
    else if (messages.length) s['x-validation-messages'] = messages;
    // The server's lengths of an address, which the pattern leaves to maxLength and the description.
    if (email) {
      email.maxLength = Math.min(Number(email.maxLength ?? EMAIL_MAX_LENGTH), EMAIL_MAX_LENGTH);
      s.description = s.description ? `${s.description as string} ${EMAIL_LENGTHS}` : EMAIL_LENGTHS;
    }
    noNul(s);
    if (s.type === 'array' && s.items && !(s.items as JsonSchema).$ref) noNul(s.items as JsonSchema);
    if (nullable) s = withNull(s);
    return { schema: s, defined };
  }
}
