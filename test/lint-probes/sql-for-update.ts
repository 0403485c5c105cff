// expect: house/no-sql-text SQL text (FOR UPDATE) belongs to repositories (*.repository.ts).
export const probe = 'for update skip locked';
