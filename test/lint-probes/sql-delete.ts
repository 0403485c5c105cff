// expect: house/no-sql-text SQL text (DELETE FROM) belongs to repositories (*.repository.ts).
export const probe = 'DELETE FROM carts WHERE id = 1';
