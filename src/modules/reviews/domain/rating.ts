/**
 * A product's rating from its approved reviews (docs/api.md#reviews): the mean of the ratings as a string
 * with two decimals, rounded half-up on the exact value (integer arithmetic: no binary floating
 * point), or null without any approved review.
 */
export function ratingAverage(sum: number, count: number): string | null {
  if (count === 0) return null;
  if (!Number.isSafeInteger(sum) || !Number.isSafeInteger(count) || count < 0 || sum < 0)
    throw new RangeError('sum and count must be whole');
  // hundredths = round_half_up(sum * 100 / count), exactly: compare twice the remainder with the divisor.
  const scaled = BigInt(sum) * 100n;
  const divisor = BigInt(count);
  let hundredths = scaled / divisor;
  if ((scaled % divisor) * 2n >= divisor) hundredths += 1n;
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}
