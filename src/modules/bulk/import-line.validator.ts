import { pathToFileURL } from 'node:url';
import type { BatchKey } from '../../common/batch/batch-body.pipe.js';
import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import { restoreInstance, validateInto } from '../../common/validation/validation.pipe.js';
import { parseLine, resultKey } from './domain/import-lines.js';
import type { LineResult, StoredLine } from './repositories/imports.repository.js';

/** What a line is validated as: a resource's batch member class and its key (a BulkResourceAdapter is one). */
export interface ImportMember {
  member: new () => object;
  key: Pick<BatchKey<object>, 'field'>;
}

/**
 * Where a validation thread finds a resource's member class: the compiled file that exports it, its
 * export name, and the key's field. Paths and names cross to a thread; classes cannot.
 */
export interface MemberSource {
  file: string;
  name: string;
  keyField: string;
}

/** A chunk's lines to validate, as stored, and what each is validated as. */
export interface LinesToValidate {
  source: MemberSource;
  lines: StoredLine[];
}

/**
 * A chunk's lines validated: a result per line (a failed line's final, the others' until applied),
 * the indexes of the valid ones and their members as validation made them. It crosses from a thread
 * as a structured clone, which keeps the members' fields but not their classes: `memberOf` gives
 * them back where they are applied (the upserts read an instance of its DTO class).
 */
export interface ValidatedLines {
  results: LineResult[];
  valid: number[];
  /** The member of each valid line, in the order of `valid`. */
  members: object[];
}

/**
 * Parses each line and validates it as its resource's batch PUT validates a member (docs/api.md,
 * Bulk import and export: one rule, three doors); nothing is read or written. Runs on the
 * validation threads (import-line-validator.worker.ts), away from the event loop that drives the
 * chunk's statements.
 */
export async function validateLines(door: ImportMember, lines: StoredLine[]): Promise<ValidatedLines> {
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
    const result: LineResult = {
      line: stored.line,
      status: 'failed',
      id: null,
      key: resultKey(parsed.value, door.key.field),
      errors: null,
    };
    if (bag.empty) {
      valid.push(results.length);
      members.push(member);
    } else result.errors = { ...bag.errors };
    results.push(result);
  }
  return { results, valid, members };
}

const loaded = new Map<string, Promise<ImportMember>>();

/** The member class a source names, loaded once per thread. */
export function loadMember(source: MemberSource): Promise<ImportMember> {
  const id = `${source.file}#${source.name}`;
  let member = loaded.get(id);
  if (!member) {
    member = import(pathToFileURL(source.file).href).then((exports: Record<string, unknown>) => {
      const cls = exports[source.name];
      if (typeof cls !== 'function') throw new Error(`${source.file} exports no class ${source.name}`);
      return { member: cls as new () => object, key: { field: source.keyField } };
    });
    loaded.set(id, member);
  }
  return member;
}

/**
 * A member `validateLines` answered, as validation made it (its DTO class's instance), from the
 * copy that crossed from the thread: its classes set again, in place.
 */
export function memberOf(door: ImportMember, copy: object): object {
  return restoreInstance(door.member, copy);
}
