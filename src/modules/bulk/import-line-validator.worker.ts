import { serveTasks } from '../../common/threads/thread-task.js';
import { type LinesToValidate, type ValidatedLines, loadMember, validateLines } from './import-line.validator.js';

/** A thread of ImportLineValidatorPool: parses and validates a chunk of import lines. */
serveTasks<LinesToValidate, ValidatedLines>(async ({ source, lines }) => validateLines(await loadMember(source), lines));
