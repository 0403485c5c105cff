import { IsString, Matches } from 'class-validator';
import { ListQuery } from '../../../common/paging/list-query.dto.js';
import { IsTimestamp, Optional } from '../../../common/validation/decorators.js';

/** GET /events: the collection parameters and the filters an integrator catches up with. */
export class EventListQuery extends ListQuery {
  @Optional()
  @Matches(/^[a-z][a-z0-9_.]{0,63}$/, { message: 'must be an event type' })
  @IsString({ message: 'must be an event type' })
  type?: string;

  @Optional()
  @Matches(/^[a-z][a-z0-9_.]{0,63}$/, { message: 'must be a resource name' })
  @IsString({ message: 'must be a resource name' })
  resource?: string;

  @Optional()
  @IsTimestamp({ fromQuery: true })
  created_at_min?: Date;
}
