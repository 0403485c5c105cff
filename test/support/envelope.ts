/**
 * The API's envelope as the specs assert it, with `toEqual` (so no other key may appear): a success
 * is `{ meta: { status, success: true }, data }`, a refusal `{ meta: { status, success: false },
 * error: { message } }` where `message` is a sentence or an object of field errors.
 */

/** A timestamp as the API spells it: `YYYY-MM-DD HH:MM:SS` (UTC). */
export const TS = expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

/** A success envelope carrying `data`. */
export const ok = (status: number, data: unknown) => ({ meta: { status, success: true }, data });

/** A refusal envelope carrying `message`. */
export const fail = (status: number, message: unknown) => ({ meta: { status, success: false }, error: { message } });
