import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { Decimal } from 'decimal.js';

// ajv and ajv-formats are CommonJS modules whose export is also their `default`; typed as the module under NodeNext.
type AjvClass = typeof Ajv2020Module.default;
const Ajv2020 = ((Ajv2020Module as unknown as { default?: AjvClass }).default ?? Ajv2020Module) as AjvClass;
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule.default }).default ??
  addFormatsModule) as typeof addFormatsModule.default;

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The HTTP methods a path item of the document may hold operations under. */
export const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** A JSON pointer from its parts, each escaped (`~` → `~0`, `/` → `~1`). */
export const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

const DOC_ID = 'https://store-api.test/openapi.json';

/**
 * Validators for the schemas inside an OpenAPI document, addressed by a pointer from its root
 * (`#/components/…`), with every `$ref` between them resolved (JSON Schema 2020-12, as OpenAPI 3.1).
 */
export function documentSchemas(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  // multipleOf judged on the number as JSON writes it (its shortest decimal spelling), as the server
  // reads it: 0.07 is a multiple of 0.01 (binary floating point says no), 83.10000000000001 is not.
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    error: { message: ({ schemaCode }) => `must be multiple of ${String(schemaCode)}` },
    validate: (step: number, value: number) => new Decimal(String(value)).mod(new Decimal(String(step))).isZero(),
  });
  ajv.addSchema(doc, DOC_ID);
  return (at: string) => ajv.compile({ $ref: `${DOC_ID}${at}` });
}
