// expect: house/no-sql-text SQL text (a $n parameter) belongs to repositories (*.repository.ts).
export const probe = 'id = $1';
