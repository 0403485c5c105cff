import { Initial1795290079767 } from './1795290079767-Initial.js';

/** Every migration, oldest first. The schema changes only through these. */
export const MIGRATIONS = [Initial1795290079767];
