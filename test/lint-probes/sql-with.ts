// expect: house/no-sql-text SQL text (WITH … AS () belongs to repositories (*.repository.ts).
export const probe = `with gone as (${'x'})`;
