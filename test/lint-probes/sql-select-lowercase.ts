// expect: house/no-sql-text SQL text (SELECT … FROM) belongs to repositories (*.repository.ts).
export const probe = 'select * from product';
