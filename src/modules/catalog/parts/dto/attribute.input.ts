import { IsIntIn, IsText, NotBlank, Nullable, Optional, RequiredFields } from '../../../../common/validation/decorators.js';

export class AttributePatch {
  @Optional()
  @IsText(255)
  @NotBlank()
  name?: string;

  @Nullable()
  @IsText(65535)
  value?: string | null;

  @Optional()
  @IsIntIn(-2147483648)
  sort_order?: number;
}

@RequiredFields('name')
export class AttributeCreate extends AttributePatch {}
