import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { Request } from 'express';
import { ScopeByResource } from '../../common/auth/scopes.js';
import { ItemQuery } from '../../common/paging/list-query.dto.js';
import { NDJSON } from '../../common/http/ndjson-body.js';
import { StreamBodyRoute, decodedBody } from '../../common/http/stream-body.js';
import { ApiItem, ApiNdjson, ApiPage } from '../../openapi/decorators.js';
import { ImportView } from './bulk.views.js';
import { BULK_SCOPE_GROUPS } from './domain/bulk-event-names.js';
import type { BulkResource } from './domain/bulk-resources.js';
import { ImportCreateQuery, ImportListQuery } from './dto/bulk.input.js';
import { ImportsService } from './imports.service.js';
import { IMPORT_LIST } from './bulk.lists.js';

/** The media types an upload is taken in. */
const UPLOAD_TYPES = [NDJSON, 'application/jsonl'];

/** Bulk imports (docs/api.md#bulk-import-and-export); each route's scope is that of the resource imported. */
@Controller()
@ScopeByResource(BULK_SCOPE_GROUPS)
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Post('imports')
  @HttpCode(202)
  @StreamBodyRoute(UPLOAD_TYPES)
  @ApiConsumes(...UPLOAD_TYPES)
  @ApiBody({
    description:
      'NDJSON: one member per line, each as a member of `PUT /<resource>` takes it (a product with its options, variants, price tiers, extras, attributes and categories). Lines end with `\\n` (the last newline is optional); blank lines are skipped and not counted. UTF-8, optionally compressed (`Content-Encoding: gzip`, `deflate` or `br`). Streamed, up to `IMPORT_MAX_BYTES` (default 1 GiB) after decompression.',
    schema: {
      type: 'string',
      example:
        '{"sku":"CAT-TEE","name":"Catalog tee","base_price":"19.00","options":[{"name":"Size","values":["S","M"]}],"variants":[{"sku":"CAT-TEE-S","options":{"Size":"S"}},{"sku":"CAT-TEE-M","options":{"Size":"M"},"price_tiers":[{"quantity":10,"price":"17.00"}]}],"price_tiers":[{"quantity":5,"price":"18.00"}]}\n' +
        '{"sku":"CAT-MUG","name":"Catalog mug","base_price":"9.50"}\n',
    },
  })
  @ApiItem(ImportView, {
    summary: 'Import a collection from NDJSON',
    location: 'The import: `/import/{id}`.',
    errors: [408],
    description:
      'Stores the upload (streamed to a file as it arrives, never held whole, no database connection held meanwhile) and answers 202 with the queued import and `Location: /import/{id}`; its lines are applied in the background, in order, each through the same upsert as `PUT /<resource>`. An unknown `resource`: 422; an empty body: 422 `body`; above `IMPORT_MAX_BYTES` once decompressed: 413; bytes that do not decode as their `Content-Encoding` says: 400; another `Content-Type`, a `charset` other than UTF-8 or another `Content-Encoding`: 415. At most 4 uploads arrive at once per store: another one is refused at once with 429 and `Retry-After`. An upload is not limited in time, but one that sends nothing for `IMPORT_IDLE_SECONDS` (default 60) is cut with 408 and its connection closed. A store has at most 5 imports and exports queued or running: one more is refused with 429 and `Retry-After`. Nothing of a refused body is kept.',
  })
  create(@Query() query: ImportCreateQuery, @Req() req: Request) {
    const length = req.headers['content-length'];
    return this.imports.create(query.resource as BulkResource, decodedBody(req), length === undefined ? undefined : Number(length));
  }

  @Get('imports')
  @ApiPage(ImportView, IMPORT_LIST, {
    summary: 'List imports',
    description: 'Newest first unless `order` says otherwise; only imports of resources the key reads.',
  })
  list(@Query() query: ImportListQuery) {
    return this.imports.list(query);
  }

  @Get('import/:id')
  @ApiItem(ImportView, { summary: 'Get an import', description: 'Its status and counts.' })
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.imports.get(id, query);
  }

  @Post('import/:id/cancel')
  @HttpCode(200)
  @ApiItem(ImportView, {
    summary: 'Cancel an import',
    description: 'Stops after the lines in progress; what was applied stays; the import becomes `cancelled`. A finished import: 409.',
  })
  cancel(@Param('id') id: string) {
    return this.imports.cancel(id);
  }

  @Get('import/:id/results')
  @ApiNdjson({
    summary: 'Get the results of an import',
    description:
      'One line per processed input line, in input order: `{"line": n, "status": "created"|"updated"|"unchanged"|"failed", "id": <id or null>, "key": <the line\'s key or null>, "errors": {field: [messages]}}` (`errors` only when failed; `errors.line` for a line that is not a JSON object, and `errors.member` for a member the upsert refused as a whole). Streamed; readable while the import runs. Once the import ended more than `BULK_RETENTION_DAYS` (default 7) ago its results are deleted: 410.',
    example:
      '{"line":1,"status":"created","id":12,"key":"TEE-1"}\n{"line":2,"status":"failed","id":null,"key":"TEE-2","errors":{"base_price":["must be a decimal"]}}\n',
    errors: [410],
  })
  results(@Param('id') id: string) {
    return this.imports.results(id);
  }
}
