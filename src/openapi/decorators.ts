import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiExtraModels } from '@nestjs/swagger';
import type { ListSpec } from '../common/paging/list-spec.js';

/** What a handler answers on success; read by `openapi.document.ts`. */
export interface ResponseDoc {
  view: Function;
  /**
   * `item`: data is the view; `array`: data is a plain array of it; `page`: a collection with
   * `meta.pagination`; `batch`: the members of a batch PUT with `meta.batch`.
   */
  shape: 'item' | 'array' | 'page' | 'batch';
  summary?: string;
  description?: string;
  /** The relations `embed` accepts here (dots nest); absent means none. */
  embed?: readonly string[];
  /** The `sort` whitelist of a collection. */
  sort?: string[];
  /** When the operation also answers 201 (an item PUT that creates by its key): the 201's description. */
  creates?: string;
  /** The answer carries `Location`: what it points at (a 202 that queued a job: `The import: /import/{id}`). */
  location?: string;
  /** Error statuses the operation meets beyond those every one does (an upload cut when idle: 408). */
  errors?: number[];
}

export const RESPONSE_DOC = 'store:openapi:response';
export const PATH_PARAMS_DOC = 'store:openapi:path-params';

type Options = Omit<ResponseDoc, 'view' | 'shape'>;

function responseDoc(doc: ResponseDoc): MethodDecorator {
  return applyDecorators(SetMetadata(RESPONSE_DOC, doc), ApiExtraModels(doc.view));
}

/** `data` is one resource (status: POST 201 unless `@HttpCode`, else 200). */
export const ApiItem = (view: Function, options: Options = {}) => responseDoc({ view, shape: 'item', ...options });

/** `data` is a plain array of the resource (no pagination). */
export const ApiItems = (view: Function, options: Options = {}) => responseDoc({ view, shape: 'array', ...options });

/** `data` is the members of a batch PUT, in the request's order, and `meta.batch` counts what it did. */
export const ApiBatch = (view: Function, options: Options = {}) => responseDoc({ view, shape: 'batch', ...options });

/**
 * `data` is a page of the resource and `meta.pagination` describes it; `sort` and `embed` are
 * documented from `list`, the same declaration the service checks them against.
 */
export const ApiPage = (view: Function, list: ListSpec, options: Omit<Options, 'sort' | 'embed'> = {}) =>
  responseDoc({ view, shape: 'page', sort: [...list.sort], ...(list.embed.length ? { embed: [...list.embed] } : {}), ...options });

export const NDJSON_DOC = 'store:openapi:ndjson';

/** What a handler that answers NDJSON (`NdjsonBody`: no envelope, no ETag) sends; read by `openapi.document.ts`. */
export interface NdjsonDoc {
  summary: string;
  description?: string;
  /** A few lines as the route sends them, each ending with `\n`. */
  example: string;
  /** The answer is a file to save: `Content-Disposition: attachment; filename="…"` (this describes the name). */
  attachment?: string;
  /** Error statuses the route answers besides those every route may (409: not ready yet; 410: deleted). */
  errors?: (409 | 410)[];
}

/** The answer is `application/x-ndjson`, one JSON value per line, streamed. */
export const ApiNdjson = (doc: NdjsonDoc) => SetMetadata(NDJSON_DOC, doc);

/** Descriptions of a controller's path parameters, by name (`{id}` → 'Country id or ISO alpha-2 code'). */
export const ApiPathParams = (descriptions: Record<string, string>): ClassDecorator => SetMetadata(PATH_PARAMS_DOC, descriptions);

export const EXCLUSIVE_FIELDS = 'store:openapi:exclusive-fields';

/**
 * Fields of a body of which exactly one must be sent (the service answers 422 otherwise); the
 * document states it as a `oneOf`.
 */
export const ApiExclusive = (...fields: string[]): ClassDecorator => SetMetadata(EXCLUSIVE_FIELDS, fields);

export const SCHEMA_RULES = 'store:openapi:schema-rules';

/**
 * Rules of a body that span its fields (a value's shape that depends on another field), as JSON
 * Schema keywords merged into the body's object schema (`allOf` of `if`/`then`). The service checks
 * them; this states them. A subclass inherits them unless it declares its own.
 */
export const ApiRules = (rules: Record<string, unknown>): ClassDecorator => SetMetadata(SCHEMA_RULES, rules);
