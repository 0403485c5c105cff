// expect: house/no-sql-text SQL text (SELECT … FROM) belongs to repositories (*.repository.ts).
export const probe = 'Select id, name From products Where id = 1';
