import { serveTasks } from '../../common/threads/thread-task.js';
import { type CheckedLines, type LinesToCheck, checkLines } from './line-check.js';

/** A thread of the line-checking pool (LineChecks): parses and validates a chunk of import lines. */
serveTasks<LinesToCheck, CheckedLines>(checkLines);
