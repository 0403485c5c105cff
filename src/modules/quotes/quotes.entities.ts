import { QuoteCustomerGroup } from './quote-customer-group.entity.js';
import { QuoteDelivery } from './quote-delivery.entity.js';
import { QuoteItem } from './quote-item.entity.js';
import { Quote } from './quote.entity.js';

/** Entities of the quotes module (registered in src/database/entities.ts). */
export const QUOTES_ENTITIES: Function[] = [Quote, QuoteItem, QuoteCustomerGroup, QuoteDelivery];
