import { OrderItem } from './order-item.entity.js';
import { Order } from './order.entity.js';

/** Entities of the orders module (registered in src/database/entities.ts). */
export const ORDERS_ENTITIES: Function[] = [Order, OrderItem];
