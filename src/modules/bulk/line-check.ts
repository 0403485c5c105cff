import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import { restoreInstance, validateInto } from '../../common/validation/validation.pipe.js';
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
 * A chunk's lines checked: a result per line (a failed line's final, the others' until applied), the
 * indexes of the valid ones and their members as validation made them. It crosses from a thread as a
 * structured clone, which keeps the members' fields but not their classes: `memberOf` gives them
 * back where they are applied (the upserts read an instance of its DTO class).
 */
export interface CheckedLines {
  results: LineResult[];
  valid: number[];
  /** The member of each valid line, in the order of `valid`. */
  members: object[];
}

/**
 * Parses each line and validates it as its resource's batch PUT validates a member (docs/api.md#bulk-import-and-export:
 * one rule, three doors); nothing is read or written. Runs on the line-checking threads
 * (line-worker.ts), away from the event loop that drives the chunk's statements.
 */
export async function checkLines({ resource, lines }: LinesToCheck): Promise<CheckedLines> {
  const door = importMember(resource);
  const results: LineResult[] = [];
  const valid: number[] = [];
  const members: object[] = [];
  for (const stored of lines) {
    const parsed = parseLine(stored.line, stored.body);
    if ('errors' in parsed) {
      results.push({ line: stored.line, status: 'failed', id: null, key: null, errors: parsed.errors });
      continue;
    }
    const bag = new FieldErrorBag();
    const member = await validateInto(door.member, parsed.value, bag, '');
    const result: LineResult = { line: stored.line, status: 'failed', id: null, key: keyOf(door, parsed.value), errors: null };
    if (bag.empty) {
      valid.push(results.length);
      members.push(member);
    } else result.errors = { ...bag.errors };
    results.push(result);
  }
  return { results, valid, members };
}

/**
 * A member `checkLines` answered, as validation made it (its DTO class's instance), from the copy
 * that crossed from the thread: its classes set again, in place.
 */
export function memberOf(resource: BulkResource, copy: object): object {
  return restoreInstance(importMember(resource).member, copy);
}

/** The line's key as sent (a SKU, an e-mail): text, else null. */
function keyOf(door: ImportMember, value: Record<string, unknown>): string | null {
  const v = Object.hasOwn(value, door.key.field) ? value[door.key.field] : undefined;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
}
