import { Review } from './review.entity.js';

/** Entities of the reviews module (registered in src/database/entities.ts). */
export const REVIEWS_ENTITIES: Function[] = [Review];
