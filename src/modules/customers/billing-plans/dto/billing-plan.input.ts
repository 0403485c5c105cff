import { IsIn } from 'class-validator';
import { IsIntIn, IsText, NotBlank, Nullable, Optional, RequiredFields } from '../../../../common/validation/decorators.js';
import { INTERVAL_UNITS, type IntervalUnit } from '../billing-plan.entity.js';

export class BillingPlanPatch {
  @Optional()
  @IsText(255)
  @NotBlank()
  name?: string;

  @Optional()
  @IsIn(INTERVAL_UNITS, { message: `must be one of: ${INTERVAL_UNITS.join(', ')}` })
  interval_unit?: IntervalUnit;

  /** Bounded so a period end (start + count × unit) always stays a valid timestamp. */
  @Optional()
  @IsIntIn(1, 1000)
  interval_count?: number;

  @Optional()
  @IsIntIn(0, 3650)
  trial_days?: number;

  /** null = unlimited. */
  @Nullable()
  @IsIntIn(1)
  renewal_cycles?: number | null;
}

@RequiredFields('name', 'interval_unit')
export class BillingPlanCreate extends BillingPlanPatch {}
