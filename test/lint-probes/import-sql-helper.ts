// expect: no-restricted-imports '../../database/sql/statement.js' import is restricted from being used by a pattern. SQL helpers belong to repositories (*.repository.ts).
import { runStatement } from '../../database/sql/statement.js';

export const probe = runStatement;
