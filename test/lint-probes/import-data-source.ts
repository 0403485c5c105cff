// expect: no-restricted-imports 'DataSource' import from 'typeorm' is restricted. Reach the database through the module's repository (*.repository.ts); only a type import of the transaction handle is allowed here.
import { DataSource } from 'typeorm';

export const probe = DataSource;
