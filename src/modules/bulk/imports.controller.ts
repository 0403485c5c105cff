import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiProduces, ApiResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { ScopeByResource } from '../../common/auth/scopes.js';
import { NDJSON } from '../../common/http/ndjson-body.js';
import { StreamBodyRoute } from '../../common/http/stream-body.js';
import { ApiItem, ApiPage } from '../../openapi/decorators.js';
import { ImportView } from './bulk.views.js';
import type { BulkResource } from './domain/bulk-resources.js';
import { ImportCreateQuery, ImportListQuery } from './dto/bulk.input.js';
import { IMPORT_SORT, ImportsService } from './imports.service.js';

/** The media types an upload is taken in. */
const UPLOAD_TYPES = [NDJSON, 'application/jsonl'];

/** Bulk imports (CONTRACT §18); each route's scope is that of the resource imported. */
@Controller()
@ScopeByResource()
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Post('imports')
  @HttpCode(202)
  @StreamBodyRoute(UPLOAD_TYPES)
  @ApiConsumes(...UPLOAD_TYPES)
  @ApiBody({
    description:
      'NDJSON: one member per line, each as a member of `PUT /<resource>` takes it (a product with its options, variants, price tiers, extras, attributes and categories). Lines end with `\\n` (the last newline is optional); blank lines are skipped and not counted. Streamed, up to `IMPORT_MAX_BYTES` (default 1 GiB).',
    schema: {
      type: 'string',
      example: '{"sku":"TEE-1","name":"Tee","base_price":"19.00"}\n{"sku":"TEE-2","name":"Tee 2","base_price":"21.00"}\n',
    },
  })
  @ApiItem(ImportView, {
    summary: 'Import a collection from NDJSON',
    description:
      'Stores the upload (streamed: never held whole) and answers 202 with the queued import and `Location: /import/{id}`; its lines are applied in the background, in order, each through the same upsert as `PUT /<resource>`. Scope: the write scope of the resource. An unknown `resource`: 422; an empty body: 422 `body`; above `IMPORT_MAX_BYTES`: 413 (nothing kept); another `Content-Type`: 415.',
  })
  create(@Query() query: ImportCreateQuery, @Req() req: Request) {
    const length = req.headers['content-length'];
    return this.imports.create(query.resource as BulkResource, req, length === undefined ? undefined : Number(length));
  }

  @Get('imports')
  @ApiPage(ImportView, {
    sort: Object.keys(IMPORT_SORT),
    summary: 'List imports',
    description: 'Newest first unless `order` says otherwise; only imports of resources the key reads.',
  })
  list(@Query() query: ImportListQuery) {
    return this.imports.list(query);
  }

  @Get('import/:id')
  @ApiItem(ImportView, { summary: 'Get an import', description: 'Its status and counts; scope: the read scope of its resource.' })
  get(@Param('id') id: string) {
    return this.imports.get(id);
  }

  @Post('import/:id/cancel')
  @HttpCode(200)
  @ApiItem(ImportView, {
    summary: 'Cancel an import',
    description:
      'Stops after the lines in progress; what was applied stays; the import becomes `cancelled`. A finished import: 409. Scope: the write scope of its resource.',
  })
  cancel(@Param('id') id: string) {
    return this.imports.cancel(id);
  }

  @Get('import/:id/results')
  @ApiOperation({
    summary: 'Get the results of an import',
    description:
      'NDJSON, one line per processed input line, in input order: `{"line": n, "status": "created"|"updated"|"unchanged"|"failed", "id": <id or null>, "key": <the line\'s key or null>, "errors": {field: [messages]}}` (`errors` only when failed). Streamed; readable while the import runs.',
  })
  @ApiProduces(NDJSON)
  @ApiResponse({
    status: 200,
    description: 'The results so far (`application/x-ndjson`).',
    content: {
      [NDJSON]: {
        schema: {
          type: 'string',
          example:
            '{"line":1,"status":"created","id":12,"key":"TEE-1"}\n{"line":2,"status":"failed","id":null,"key":"TEE-2","errors":{"base_price":["must be a decimal"]}}\n',
        },
      },
    },
  })
  results(@Param('id') id: string) {
    return this.imports.results(id);
  }
}
