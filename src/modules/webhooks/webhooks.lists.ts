import { defineList } from '../../common/paging/list-spec.js';

export const EVENT_LIST = defineList({ sort: ['id', 'created_at'] });

export const WEBHOOK_LIST = defineList({ sort: ['id', 'url', 'created_at', 'updated_at'] });

export const WEBHOOK_DELIVERY_LIST = defineList({ sort: ['id', 'created_at', 'updated_at'] });
