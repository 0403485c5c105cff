import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

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
  // multipleOf of decimals (0.01) judged on the decimal value, not on binary floating point (0.07 / 0.01 ≠ 7 there).
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, multipleOfPrecision: 9 });
  addFormats(ajv);
  ajv.addSchema(doc, DOC_ID);
  return (at: string) => ajv.compile({ $ref: `${DOC_ID}${at}` });
}
