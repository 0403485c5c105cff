import { defineList } from '../../common/paging/list-spec.js';

export const TAX_CLASS_LIST = defineList({ sort: ['id', 'name', 'is_default', 'created_at', 'updated_at'], embeds: { rates: {} } });

export const TAX_RATE_LIST = defineList({
  sort: ['id', 'country', 'state', 'zip', 'city', 'rate', 'priority', 'created_at', 'updated_at'],
});
