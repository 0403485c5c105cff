import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString } from 'class-validator';
import { IsIntIn, IsTimestamp, Optional } from '../validation/decorators.js';

/** Query values arrive as text; only plain digits become numbers, so `1.5` or `1e2` stay invalid. */
export const QueryInt = () => Transform(({ value }) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value));

export const MAX_LIMIT = 250;

/** The collection parameters of docs/api.md#collections (sort values are checked per resource). */
export class ListQuery {
  @Optional()
  @QueryInt()
  @IsIntIn(1, MAX_LIMIT)
  limit?: number;

  @Optional()
  @QueryInt()
  @IsIntIn(1)
  page?: number;

  @Optional()
  @QueryInt()
  @IsIntIn(0)
  cursor?: number;

  @Optional()
  @IsString({ message: 'must be a string' })
  sort?: string;

  @Optional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : value))
  @IsIn(['ASC', 'DESC'], { message: 'must be ASC or DESC' })
  order?: 'ASC' | 'DESC';

  @Optional()
  @IsString({ message: 'must be a comma separated list' })
  embed?: string;
}

/**
 * A top-level collection's parameters: those of `Base` and the `updated_at` range a client keeping a
 * copy in step fetches (both bounds inclusive, to the second; docs/api.md#collections).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base constructor must take any[] (TS2545)
export function withUpdatedAtRange<T extends new (...args: any[]) => ListQuery>(Base: T) {
  class UpdatedAtRange extends Base {
    @Optional()
    @IsTimestamp({ fromQuery: true })
    @ApiProperty({
      description: 'Only rows updated at or after this second (`YYYY-MM-DD HH:MM:SS` UTC, or ISO 8601 with an offset).',
      example: '2026-01-31 23:00:00',
    })
    updated_at_min?: Date;

    @Optional()
    @IsTimestamp({ fromQuery: true })
    @ApiProperty({
      description: 'Only rows updated at or before this second (`YYYY-MM-DD HH:MM:SS` UTC, or ISO 8601 with an offset).',
      example: '2026-02-01 00:00:00',
    })
    updated_at_max?: Date;
  }
  return UpdatedAtRange;
}

/** A top-level collection: the collection parameters and the `updated_at` range. */
export class SyncListQuery extends withUpdatedAtRange(ListQuery) {}

/** Item endpoints accept `embed` and nothing else. */
export class ItemQuery {
  @Optional()
  @IsString({ message: 'must be a comma separated list' })
  embed?: string;
}
