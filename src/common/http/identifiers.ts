import { INT4_MAX } from '../validation/decorators.js';

/** An all-digit segment that fits a row id; anything else can only be the other key of `{id|key}`. */
export function asId(segment: string): number | null {
  if (!/^\d{1,10}$/.test(segment)) return null;
  const n = Number(segment);
  return n >= 1 && n <= INT4_MAX ? n : null;
}
