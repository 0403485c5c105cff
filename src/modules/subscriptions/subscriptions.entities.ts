import { SubscriptionProduct } from './subscription-product.entity.js';
import { Subscription } from './subscription.entity.js';

/** Entities of the subscriptions module (registered in src/database/entities.ts). */
export const SUBSCRIPTIONS_ENTITIES: Function[] = [Subscription, SubscriptionProduct];
