import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { ListQuery, withUpdatedAtRange } from '../../../common/paging/list-query.dto.js';
import { IsTimestamp, Optional, RequiredFields } from '../../../common/validation/decorators.js';
import { BULK_RESOURCES } from '../domain/bulk-resources.js';
import { EXPORT_STATUSES, IMPORT_STATUSES } from '../domain/bulk-status.js';

const RESOURCE_MESSAGE = `must be one of: ${BULK_RESOURCES.join(', ')}`;

/** POST /imports?resource=…: what each line of the upload is. */
@RequiredFields('resource')
export class ImportCreateQuery {
  @IsIn(BULK_RESOURCES, { message: RESOURCE_MESSAGE })
  @ApiProperty({ enum: BULK_RESOURCES, description: 'Each line is a member of the batch PUT of this collection.' })
  resource: string;
}

/** GET /imports: the collection parameters, the updated_at range, and filters. */
export class ImportListQuery extends withUpdatedAtRange(ListQuery) {
  @Optional()
  @IsIn(BULK_RESOURCES, { message: RESOURCE_MESSAGE })
  @ApiProperty({ enum: BULK_RESOURCES, required: false, description: 'Only imports of this resource.' })
  resource?: string;

  @Optional()
  @IsIn(IMPORT_STATUSES, { message: `must be one of: ${IMPORT_STATUSES.join(', ')}` })
  @ApiProperty({ enum: IMPORT_STATUSES, required: false, description: 'Only imports in this status.' })
  status?: string;
}

/** GET /exports: the collection parameters, the updated_at range, and filters. */
export class ExportListQuery extends withUpdatedAtRange(ListQuery) {
  @Optional()
  @IsIn(BULK_RESOURCES, { message: RESOURCE_MESSAGE })
  @ApiProperty({ enum: BULK_RESOURCES, required: false, description: 'Only exports of this resource.' })
  resource?: string;

  @Optional()
  @IsIn(EXPORT_STATUSES, { message: `must be one of: ${EXPORT_STATUSES.join(', ')}` })
  @ApiProperty({ enum: EXPORT_STATUSES, required: false, description: 'Only exports in this status.' })
  status?: string;
}

/** POST /exports. */
@RequiredFields('resource')
export class ExportCreate {
  @IsIn(BULK_RESOURCES, { message: RESOURCE_MESSAGE })
  @ApiProperty({ enum: BULK_RESOURCES, description: 'The collection to export, one member per line in the form its import takes.' })
  resource: string;

  @Optional()
  @IsTimestamp()
  @ApiProperty({
    required: false,
    description: 'Only members updated at or after this second (`YYYY-MM-DD HH:MM:SS` UTC, or ISO 8601 with an offset).',
    example: '2026-01-31 23:00:00',
  })
  updated_at_min?: Date;
}
