import { Transform } from 'class-transformer';
import { IsIn, IsString } from 'class-validator';
import { IsIntIn, Optional } from '../validation/decorators.js';

/** Query values arrive as text; only plain digits become numbers, so `1.5` or `1e2` stay invalid. */
export const QueryInt = () => Transform(({ value }) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value));

export const MAX_LIMIT = 250;

/** The collection parameters of CONTRACT §5 (sort values are checked per resource). */
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

/** Item endpoints accept `embed` and nothing else. */
export class ItemQuery {
  @Optional()
  @IsString({ message: 'must be a comma separated list' })
  embed?: string;
}
