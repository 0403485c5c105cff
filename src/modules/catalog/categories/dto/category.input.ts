import { type BatchKey, textKey } from '../../../../common/batch/batch-body.pipe.js';
import { IsDefined, Matches } from 'class-validator';
import { ApiExclusive } from '../../../../openapi/decorators.js';
import { IsFlag, IsId, IsIntIn, IsText, NotBlank, Nullable, Optional, RequiredFields } from '../../../../common/validation/decorators.js';
import { IsIdList, IsUrlName } from '../../dto/catalog-validators.js';

export class CategoryPatch {
  @Optional()
  @IsText(255)
  @NotBlank()
  name?: string;

  /** Derived from the name when a category is created without one. */
  @Optional()
  @IsUrlName()
  url_name?: string;

  @Nullable()
  @IsText(255)
  title?: string | null;

  @Nullable()
  @IsText(65535)
  description?: string | null;

  @Nullable()
  @IsText(64)
  @Matches(/^[A-Za-z0-9._-]+$/, { message: 'must hold only letters, digits and - _ .' })
  api_code?: string | null;

  @Optional()
  @IsFlag()
  is_visible?: boolean;

  @Nullable()
  @IsId()
  parent_id?: number | null;

  @Optional()
  @IsIntIn(-2147483648)
  sort_order?: number;
}

/** POST /category, PUT /category/{id|api_code}. */
@RequiredFields('name')
export class CategoryCreate extends CategoryPatch {}

/** A member of PUT /categories: a category that carries the api_code it is matched by. */
@RequiredFields('name', 'api_code')
export class CategoryBatchMember extends CategoryCreate {}
// Its key, which it is matched by, is not nullable as the item's api_code is (Optional replaces the
// inherited Nullable): null is refused as a missing key is, and the document calls it no nullable field.
Optional()(CategoryBatchMember.prototype, 'api_code');
IsDefined({ message: 'is required' })(CategoryBatchMember.prototype, 'api_code');

/** POST /product/{p}/categories: one category or several (exactly one of the two fields). */
@ApiExclusive('category_id', 'category_ids')
export class CategoryLinkInput {
  @Optional()
  @IsId()
  category_id?: number;

  @Optional()
  @IsIdList()
  category_ids?: number[];
}

/** What a batch PUT (and an import line) of this resource is matched by; a repeated key is refused on the later member. */
export const CATEGORY_BATCH_KEY: BatchKey<CategoryBatchMember> = textKey('api_code');
