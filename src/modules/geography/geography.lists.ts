import { defineList } from '../../common/paging/list-spec.js';

export const COUNTRY_LIST = defineList({ sort: ['id', 'name', 'code', 'created_at', 'updated_at'], embeds: { states: {} } });

export const STATE_LIST = defineList({ sort: ['id', 'name', 'code', 'created_at', 'updated_at'] });
