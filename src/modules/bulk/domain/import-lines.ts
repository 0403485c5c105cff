import type { FieldErrors } from '../../../common/http/api-error.js';
import { MAX_JSON_DEPTH, tooDeepField } from '../../../common/http/json-depth.js';
import { LINE_FLAW_MESSAGES } from './ndjson.js';

/** A stored line read back: the JSON object it holds, or why it fails on its own. */
export type ParsedLine = { line: number; value: Record<string, unknown> } | { line: number; errors: FieldErrors };

/**
 * A line's text as an import member (docs/api.md#bulk-import-and-export): one JSON object; anything else fails alone with
 * `errors.line`. `body` null or '' are the flaws the upload found (not text, too long).
 */
export function parseLine(line: number, body: string | null): ParsedLine {
  if (body === null) return { line, errors: { line: [LINE_FLAW_MESSAGES.not_text] } };
  if (body === '') return { line, errors: { line: [LINE_FLAW_MESSAGES.too_long] } };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { line, errors: { line: ['is not JSON'] } };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { line, errors: { line: ['must be a JSON object'] } };
  const deep = tooDeepField(value);
  if (deep !== null) return { line, errors: { [deep]: [`must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep`] } };
  // Escaped (`\u0000`, `\ud800`), these parse; PostgreSQL's text and jsonb take neither, wherever they are.
  if (!storable(value)) return { line, errors: { line: [UNSTORABLE] } };
  return { line, value: value as Record<string, unknown> };
}

/** Why a line whose JSON holds a NUL or a lone surrogate (in a name or a value) fails. */
const UNSTORABLE = 'holds a NUL character or a lone surrogate, which cannot be stored';

/** The longest key a result echoes: a longer one is no key of any resource, and its result says `null`. */
const MAX_RESULT_KEY = 255;

/** Text PostgreSQL stores as it is: no NUL, no lone surrogate. */
function storableText(s: string): boolean {
  return !UNSTORABLE_CHARACTER.test(s);
}

/** A NUL, or a surrogate that is not half of a pair (read by code point, a pair is one character, never Cs). */
const UNSTORABLE_CHARACTER = /[\0\p{Cs}]/u;

/** Every name and text in `value` storable; iterative, as the value is at most MAX_JSON_DEPTH deep but may be wide. */
function storable(value: object): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (!storableText(v)) return false;
    } else if (Array.isArray(v)) {
      for (const child of v) stack.push(child);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (!storableText(k)) return false;
        stack.push(child);
      }
    }
  }
  return true;
}

/**
 * A line's key as its result echoes it (docs/api.md, Bulk import and export): the text or number
 * the key field holds when it is storable text of at most MAX_RESULT_KEY characters, else null, so
 * that no key a line holds can break or swell the statement that records its chunk's results.
 */
export function resultKey(value: Record<string, unknown>, field: string): string | null {
  const v = Object.hasOwn(value, field) ? value[field] : undefined;
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const key = String(v);
  return key.length <= MAX_RESULT_KEY && storableText(key) ? key : null;
}

/**
 * Splits members into runs in which no key repeats, in order: a run is one batch upsert, and a key
 * seen again starts the next run, so lines with the same key apply in input order. Members without
 * a key (null) never split a run.
 */
export function runsOfDistinctKeys<T>(members: readonly T[], keyOf: (m: T) => string | null): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let seen = new Set<string>();
  for (const member of members) {
    const key = keyOf(member);
    if (key !== null && seen.has(key)) {
      runs.push(run);
      run = [];
      seen = new Set();
    }
    if (key !== null) seen.add(key);
    run.push(member);
  }
  if (run.length) runs.push(run);
  return runs;
}

/**
 * The errors of members that a batch's 422 names (`3.sku` → member 3: `sku`), by member index; empty
 * when the refusal names no member (it is then not one member's doing).
 */
export function errorsByMember(fields: FieldErrors): Map<number, FieldErrors> {
  const out = new Map<number, FieldErrors>();
  for (const [path, messages] of Object.entries(fields)) {
    const match = /^(\d+)\.(.+)$/.exec(path);
    if (!match) return new Map();
    const index = Number(match[1]);
    const member = out.get(index) ?? (Object.create(null) as FieldErrors);
    member[match[2]] = messages;
    out.set(index, member);
  }
  return out;
}
