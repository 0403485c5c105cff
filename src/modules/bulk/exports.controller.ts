import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ScopeByResource } from '../../common/auth/scopes.js';
import { ApiItem, ApiNdjson, ApiPage } from '../../openapi/decorators.js';
import { BULK_SCOPE_GROUPS } from './domain/bulk-event-names.js';
import { ExportView } from './bulk.views.js';
import type { BulkResource } from './domain/bulk-resources.js';
import { ExportCreate, ExportListQuery } from './dto/bulk.input.js';
import { ExportsService } from './exports.service.js';
import { EXPORT_LIST } from './bulk.lists.js';

/** Bulk exports (docs/api.md#bulk-import-and-export); each route's scope is the read scope of the resource exported. */
@Controller()
@ScopeByResource(BULK_SCOPE_GROUPS)
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Post('exports')
  @HttpCode(202)
  @ApiItem(ExportView, {
    summary: 'Export a collection to NDJSON',
    description:
      'Answers 202 with the queued export and `Location: /export/{id}`; its file is written in the background, one member per line in the form `POST /imports` takes (a product with all its parts), so the file imports into another store as it is. Scope: the read scope of the resource. The file is kept `BULK_RETENTION_DAYS` (default 7) after the export completed, then deleted (`GET /export/{id}/file`: 410). A store has at most 5 imports and exports queued or running: one more is refused with 429 and `Retry-After`.',
    location: 'The export: `/export/{id}`.',
  })
  create(@Body() body: ExportCreate) {
    return this.exports.create(body.resource as BulkResource, body.updated_at_min);
  }

  @Get('exports')
  @ApiPage(ExportView, EXPORT_LIST, {
    summary: 'List exports',
    description: 'Newest first unless `order` says otherwise; only exports of resources the key reads.',
  })
  list(@Query() query: ExportListQuery) {
    return this.exports.list(query);
  }

  @Get('export/:id')
  @ApiItem(ExportView, { summary: 'Get an export', description: 'Its status and line count; scope: the read scope of its resource.' })
  get(@Param('id') id: string) {
    return this.exports.get(id);
  }

  @Post('export/:id/cancel')
  @HttpCode(200)
  @ApiItem(ExportView, {
    summary: 'Cancel an export',
    description:
      'Stops after the chunk in progress; the export becomes `cancelled` and what was written is deleted (a cancelled export keeps no file). A finished export: 409. Scope: the read scope of its resource, as to start it.',
  })
  cancel(@Param('id') id: string) {
    return this.exports.cancel(id);
  }

  @Get('export/:id/file')
  @ApiNdjson({
    summary: 'Get the file of an export',
    description:
      'One member per line, in id order, each as a line of `POST /imports?resource=<resource>` takes it. Streamed. An export not yet completed, or one that failed or was cancelled (it keeps no file): 409. Once the export ended more than `BULK_RETENTION_DAYS` (default 7) ago its file is deleted: 410.',
    example:
      '{"email":"ada@example.com","first_name":"Ada","last_name":null,"company":null,"phone":null,"notes":null,"is_guest":0,"customer_group_id":null}\n',
    attachment: '`<resource>-<id>.ndjson`',
    errors: [409, 410],
  })
  file(@Param('id') id: string) {
    return this.exports.file(id);
  }
}
