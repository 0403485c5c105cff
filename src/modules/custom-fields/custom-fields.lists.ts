import { defineList } from '../../common/paging/list-spec.js';

export const CUSTOM_FIELD_LIST = defineList({ sort: ['id', 'name', 'entity', 'type', 'sort_order', 'created_at', 'updated_at'] });
