import { defineList } from '../../common/paging/list-spec.js';

export const IMPORT_LIST = defineList({ sort: ['id', 'created_at', 'updated_at'] });

export const EXPORT_LIST = defineList({ sort: ['id', 'created_at', 'updated_at'] });
