// expect: house/no-sql-text SQL text (UPDATE … SET) belongs to repositories (*.repository.ts).
const table = 'quotes';
export const probe = `update ${table} set status = 'sent'`;
