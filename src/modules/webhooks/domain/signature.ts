import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const PREFIX = 'whsec_';

/** How long after rotate-secret deliveries are signed with the previous secret as well: 24 h. */
export const PREVIOUS_SECRET_SECONDS = 24 * 3600;

/**
 * A new signing secret: `whsec_` and 32 random bytes in hex. The 64 hex digits are also 64 base64
 * characters (hex digits are in the base64 alphabet, and 64 is a multiple of 4, so no padding), so
 * the same secret keys both schemes: `Store-Signature` with the whole string, the Standard Webhooks
 * `webhook-signature` with the base64 decoding of what follows `whsec_` (standardKey).
 */
export function newSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('hex')}`;
}

/**
 * The Standard Webhooks key of a secret: the base64 decoding of its part after `whsec_` (48 bytes
 * for the 64 characters of every secret made here), which is what `new Webhook(secret)` of the
 * `standardwebhooks` libraries derives from the same string.
 */
export function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/**
 * `Store-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret>`,
 * one `v1` per secret (the new one first; the previous one too for a day after a rotation), as
 * Stripe signs, so Stripe's `constructEvent` verifies it.
 */
export function signatureHeader(secrets: string | readonly string[], body: string | Buffer, unixSeconds: number): string {
  const v1s = (typeof secrets === 'string' ? [secrets] : secrets).map(
    // Fed in two parts: a body already in bytes is neither copied into a new string nor encoded again.
    (secret) => `v1=${createHmac('sha256', secret).update(`${unixSeconds}.`).update(body).digest('hex')}`,
  );
  return [`t=${unixSeconds}`, ...v1s].join(',');
}

/**
 * Standard Webhooks `webhook-signature`: `v1,<base64 HMAC-SHA256 of "<id>.<t>.<body>" keyed with
 * standardKey(secret)>`, one per secret, separated by spaces.
 */
export function standardSignatureHeader(secrets: readonly string[], id: string, body: string | Buffer, unixSeconds: number): string {
  return secrets
    .map((secret) => `v1,${createHmac('sha256', standardKey(secret)).update(`${id}.${unixSeconds}.`).update(body).digest('base64')}`)
    .join(' ');
}

/** The receiver's check (as docs/api.md shows it): one `v1` matches and the signature is at most `toleranceSeconds` old. */
export function verifySignature(secret: string, body: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const pairs = header.split(',').map((kv) => kv.split('=', 2) as [string, string?]);
  const t = Number(pairs.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  return pairs.some(([k, v]) => {
    const given = Buffer.from(k === 'v1' ? (v ?? '') : '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
