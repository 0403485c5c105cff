import 'reflect-metadata';
import { IsInt } from 'class-validator';
import { Nullable, Optional, RequiredFields } from '../validation/decorators.js';
import { putTarget, replacementValues, writableFieldsOf } from './replacement.js';

class ThingPatch {
  @Optional()
  @IsInt()
  size?: number;

  @Nullable()
  @IsInt()
  parent_id?: number | null;
}

@RequiredFields('name')
class ThingCreate extends ThingPatch {
  @Optional()
  name?: string;
}

describe('replacement (PUT)', () => {
  it('writable fields are the properties the DTO validates, inherited ones included', () => {
    expect([...writableFieldsOf(ThingCreate)].sort()).toEqual(['name', 'parent_id', 'size']);
    expect([...writableFieldsOf(ThingPatch)].sort()).toEqual(['parent_id', 'size']);
  });

  it('a field left out takes its default, else null; a sent one keeps its value, null included', () => {
    const defaults = new Map<string, unknown>([
      ['size', 1],
      ['enabled', true],
    ]);
    expect(replacementValues({ name: 'A' }, ['name', 'size', 'parent_id'], defaults)).toEqual({ name: 'A', size: 1, parent_id: null });
    expect(replacementValues({ name: 'A', size: 7, parent_id: null }, ['name', 'size', 'parent_id'], defaults)).toEqual({
      name: 'A',
      size: 7,
      parent_id: null,
    });
    // An undefined value is a field left out; an inherited property is not the body's.
    const body = Object.create({ size: 9 }) as Record<string, unknown>;
    body.name = 'B';
    body.parent_id = undefined;
    expect(replacementValues(body, ['name', 'size', 'parent_id'], defaults)).toEqual({ name: 'B', size: 1, parent_id: null });
  });

  it('a path that names nothing: created under its key, 422 on the key field when the body names another, else missing', () => {
    expect(putTarget('us', { code: 'US' }, { field: 'code', fold: 'upper' })).toEqual({ kind: 'create' });
    expect(putTarget('SAVE10', { code: 'save10' }, { field: 'code', fold: 'lower' })).toEqual({ kind: 'create' });
    expect(putTarget('gold', { api_code: 'Gold' }, { field: 'api_code' })).toEqual({ kind: 'mismatch', field: 'api_code' });
    expect(putTarget('us', { code: 'DE' }, { field: 'code', fold: 'upper' })).toEqual({ kind: 'mismatch', field: 'code' });
    expect(putTarget('10042', { name: 'x' }, { field: 'code' })).toEqual({ kind: 'mismatch', field: 'code' });
    expect(putTarget('12', { code: 'US' }, undefined)).toEqual({ kind: 'missing' });
  });
});
