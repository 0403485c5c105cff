// expect: house/no-sql-text SQL text (INSERT INTO) belongs to repositories (*.repository.ts).
export const probe = 'insert into products (name) values (1)';
