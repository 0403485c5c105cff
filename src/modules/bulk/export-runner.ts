import { Injectable } from '@nestjs/common';
import type { ClaimTicket } from '../../common/claims/claim-keeper.js';
import type { Export } from './bulk.entities.js';

@Injectable()
export class ExportRunner {
  async run(_job: Export, _ticket: ClaimTicket, _stopping: () => boolean): Promise<void> {}
}
