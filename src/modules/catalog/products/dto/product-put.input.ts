import { type BatchKey, textKey } from '../../../../common/batch/batch-body.pipe.js';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsDefined, ValidateBy, ValidateNested } from 'class-validator';
import { Optional, RequiredFields } from '../../../../common/validation/decorators.js';
import { AttributeCreate } from '../../parts/dto/attribute.input.js';
import { ExtraCreate } from '../../parts/dto/extra.input.js';
import { OptionCreate } from '../../parts/dto/option.input.js';
import { PriceTierCreate } from '../../parts/dto/price-tier.input.js';
import { ProductPatch } from './product.input.js';
import { VariantPatch } from '../../parts/dto/variant.input.js';

/** The most members a part list of one product may have in a PUT. */
const MAX_PART_MEMBERS = 1000;

/**
 * A part list of a PUT, with its rule of keys (`unique`): the server refuses a repeated key on the
 * later member (422 `<list>.N.<field>`). By a field of the member, so a description: `uniqueItems`
 * compares whole members, and two with one name and different values are not equal to it.
 */
const nestedList = (type: () => new () => object, what: string, unique: string): PropertyDecorator[] => [
  ApiProperty({
    description: `Must be an array of ${what}; must have at most ${MAX_PART_MEMBERS} ${what}. ${unique}; a repeat is refused on the later one (422 naming its index).`,
  }),
  Optional(),
  ValidateNested({ each: true, message: 'must be an object' }),
  Type(type),
  ArrayMaxSize(MAX_PART_MEMBERS, { message: `must have at most ${MAX_PART_MEMBERS} ${what}` }),
  IsArray({ message: `must be an array of ${what}` }),
];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const d of decorators.reverse()) d(target, key);
  };

const TIERS_UNIQUE = 'Each `quantity` unique per `customer_group_id` (a tier for everyone and one for a group may share a quantity)';

/** A variant in a product's PUT, or a member of PUT /product/{p}/variants: matched by `sku`, else by its `options`. */
export class VariantPut extends VariantPatch {
  /** Replaces the variant's price tiers when sent. */
  @apply(nestedList(() => PriceTierCreate, 'price tiers', TIERS_UNIQUE))
  price_tiers?: PriceTierCreate[];
}

/** `{name: value}` of the product's custom fields; each value is checked against its definition. */
const IsCustomFieldMap = () =>
  ValidateBy({
    name: 'isCustomFieldMap',
    validator: {
      validate: (v: unknown) =>
        v !== null &&
        typeof v === 'object' &&
        !Array.isArray(v) &&
        Object.keys(v).length <= 1000 &&
        Object.values(v).every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x)),
      defaultMessage: () => 'must be an object of custom field name → value (string, number, boolean or null)',
    },
  });

/**
 * PUT /product/{id|sku}: the product's whole writable representation (a field left out takes what a
 * create gives it), with any of its parts; a part list sent replaces that part, one left out stays.
 */
@RequiredFields('name')
export class ProductPut extends ProductPatch {
  @apply(nestedList(() => OptionCreate, 'options', 'Each `name` unique'))
  options?: OptionCreate[];

  @apply(
    nestedList(
      () => VariantPut,
      'variants',
      'Each `sku` unique, and each `options` unique (the same names with the same values, in any order); each variant chooses a value of every option the product will have (those sent, else its own)',
    ),
  )
  variants?: VariantPut[];

  @apply(nestedList(() => PriceTierCreate, 'price tiers', TIERS_UNIQUE))
  price_tiers?: PriceTierCreate[];

  @apply(nestedList(() => ExtraCreate, 'extras', 'Each `sku` unique'))
  extras?: ExtraCreate[];

  @apply(nestedList(() => AttributeCreate, 'attributes', 'Each `name` unique'))
  attributes?: AttributeCreate[];

  @Optional()
  @IsCustomFieldMap()
  @Allow()
  @ApiProperty({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] },
    example: { origin: 'Colombia' },
  })
  custom_fields?: Record<string, string | number | boolean | null>;
}

/** A member of PUT /products: as the item PUT, and it carries its key, `sku`. */
@RequiredFields('name', 'sku')
export class ProductBatchMember extends ProductPut {}
// Its key, which it is matched by, is not nullable as the item's sku is (Optional replaces the inherited
// Nullable): `"sku": null` is refused as a missing key is, never a new product each time it is sent.
Optional()(ProductBatchMember.prototype, 'sku');
IsDefined({ message: 'is required' })(ProductBatchMember.prototype, 'sku');

/** What a batch PUT (and an import line) of this resource is matched by; a repeated key is refused on the later member. */
export const PRODUCT_BATCH_KEY: BatchKey<ProductBatchMember> = textKey('sku');
