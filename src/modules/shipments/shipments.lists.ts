import { defineList } from '../../common/paging/list-spec.js';

export const SHIPMENT_LIST = defineList({ sort: ['id', 'number', 'status', 'created_at', 'updated_at'], embeds: { trackingcodes: {} } });

export const TRACKING_CODE_LIST = defineList({ sort: ['id', 'code', 'created_at'] });
