import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { RequiredFields } from '../../../../common/validation/decorators.js';

/** PATCH /product/{p}/customfield/{name}: the value is checked against the definition's type; null clears it. */
@RequiredFields('value')
export class CustomFieldValueInput {
  @Allow()
  @ApiProperty({
    oneOf: [{ type: 'string', not: { type: 'string', pattern: '\\u0000' } }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }],
    description:
      "Checked against the definition's type and stored as canonical text (a string without NUL characters); null clears the value.",
    example: 'Colombia',
  })
  value?: unknown;
}
