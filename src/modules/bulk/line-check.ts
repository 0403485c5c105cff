import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import { instantiate, validateInto } from '../../common/validation/validation.pipe.js';
import type { BulkResource } from './domain/bulk-resources.js';
import { parseLine } from './domain/import-lines.js';
import { type ImportMember, importMember } from './import-members.js';
import type { LineResult, StoredLine } from './repositories/imports.repository.js';

/** A chunk's lines to check, as stored. */
export interface LinesToCheck {
  resource: BulkResource;
  lines: StoredLine[];
}

/**
 * A chunk's lines checked: a result per line (a failed line's final, the others' until applied) and
 * the indexes of the valid ones. Plain data: it crosses from a thread, so the members themselves
 * (instances of their DTO classes, which the upserts read) are made again where they are applied
 * (`memberOf`).
 */
export interface CheckedLines {
  results: LineResult[];
  valid: number[];
}

/**
 * Parses each line and validates it as its resource's batch PUT validates a member (CONTRACT §18:
 * one rule, three doors); nothing is read or written. Runs on the line-checking threads
 * (line-worker.ts), away from the event loop that drives the chunk's statements.
 */
export async function checkLines({ resource, lines }: LinesToCheck): Promise<CheckedLines> {
  const door = importMember(resource);
  const results: LineResult[] = [];
  const valid: number[] = [];
  for (const stored of lines) {
    const parsed = parseLine(stored.line, stored.body);
    if ('errors' in parsed) {
      results.push({ line: stored.line, status: 'failed', id: null, key: null, errors: parsed.errors });
      continue;
    }
    const bag = new FieldErrorBag();
    await validateInto(door.member, parsed.value, bag, '');
    const result: LineResult = { line: stored.line, status: 'failed', id: null, key: keyOf(door, parsed.value), errors: null };
    if (bag.empty) valid.push(results.length);
    else result.errors = { ...bag.errors };
    results.push(result);
  }
  return { results, valid };
}

/** The member of a line `checkLines` found valid, as validation made it (its DTO class's instance). */
export function memberOf(resource: BulkResource, stored: StoredLine): object {
  const parsed = parseLine(stored.line, stored.body);
  if ('errors' in parsed) throw new Error(`Line ${stored.line} was checked as valid but does not parse.`);
  return instantiate(importMember(resource).member, parsed.value);
}

/** The line's key as sent (a SKU, an e-mail): text, else null. */
function keyOf(door: ImportMember, value: Record<string, unknown>): string | null {
  const v = Object.hasOwn(value, door.key.field) ? value[door.key.field] : undefined;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
}
