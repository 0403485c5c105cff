import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse } from '@nestjs/swagger';
import { ScopeByResource } from '../../common/auth/scopes.js';
import { NDJSON } from '../../common/http/ndjson-body.js';
import { ApiItem, ApiPage } from '../../openapi/decorators.js';
import { ExportView } from './bulk.views.js';
import type { BulkResource } from './domain/bulk-resources.js';
import { ExportCreate, ExportListQuery } from './dto/bulk.input.js';
import { EXPORT_SORT, ExportsService } from './exports.service.js';

/** Bulk exports (CONTRACT §18); each route's scope is the read scope of the resource exported. */
@Controller()
@ScopeByResource()
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Post('exports')
  @HttpCode(202)
  @ApiItem(ExportView, {
    summary: 'Export a collection to NDJSON',
    description:
      'Answers 202 with the queued export and `Location: /export/{id}`; its file is written in the background, one member per line in the form `POST /imports` takes (a product with all its parts), so the file imports into another store as it is. Scope: the read scope of the resource. The file is kept 7 days after the export completed, then the export is removed.',
  })
  create(@Body() body: ExportCreate) {
    return this.exports.create(body.resource as BulkResource, body.updated_at_min);
  }

  @Get('exports')
  @ApiPage(ExportView, {
    sort: Object.keys(EXPORT_SORT),
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

  @Get('export/:id/file')
  @ApiOperation({
    summary: 'Get the file of an export',
    description:
      'NDJSON, one member per line, in id order, each as a line of `POST /imports?resource=<resource>` takes it. Streamed; `Content-Disposition: attachment; filename=<resource>-<id>.ndjson`. An export not yet completed: 409.',
  })
  @ApiProduces(NDJSON)
  @ApiResponse({
    status: 200,
    description: 'The file (`application/x-ndjson`).',
    content: {
      [NDJSON]: {
        schema: {
          type: 'string',
          example:
            '{"email":"ada@example.com","first_name":"Ada","last_name":null,"company":null,"phone":null,"notes":null,"is_guest":0,"customer_group_id":null}\n',
        },
      },
    },
  })
  file(@Param('id') id: string) {
    return this.exports.file(id);
  }
}
