import { Allow } from 'class-validator';
import { RequiredFields } from '../../../common/validation/decorators.js';

/** PATCH /product/{p}/customfield/{name}: the value is checked against the definition's type; null clears it. */
@RequiredFields('value')
export class CustomFieldValueInput {
  @Allow()
  value?: unknown;
}
