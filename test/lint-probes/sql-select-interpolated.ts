// expect: house/no-sql-text SQL text (SELECT … FROM) belongs to repositories (*.repository.ts).
const table = 'products';
export const probe = `SELECT ${'id'} FROM ${table}`;
