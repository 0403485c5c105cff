import type { EntityManager } from 'typeorm';
import { findByKey } from '../../common/http/identifiers.js';
import { Subscription } from './subscription.entity.js';

/** `{id|number}`: digits are the id first, then the number (`S1001`); unknown → 404. */
export function findSubscription(m: EntityManager, key: string, lock = false): Promise<Subscription> {
  return findByKey(m, Subscription, key, { alt: 'number', label: 'Subscription', lock });
}
