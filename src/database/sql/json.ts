import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * SQL that renders a row of an entity as a JSON object shaped as TypeORM would hydrate it: keys
 * are property names, `numeric` columns are strings (exact; never a JSON number), timestamps are
 * ISO strings, `date` columns `YYYY-MM-DD` text, jsonb as stored. Built once from the entity
 * metadata (never from input), so hand-written read queries and the entities cannot drift apart.
 * The presenters accept these objects as they accept entities.
 */
export function jsonRowSql<T extends ObjectLiteral>(dataSource: DataSource, entity: EntityTarget<T>, alias: string): string {
  const columns = dataSource.getMetadata(entity).columns;
  const pairs = columns.map((c) => {
    const ref = `${alias}."${c.databaseName}"`;
    const value = c.type === 'numeric' || c.type === 'decimal' ? `${ref}::text` : c.type === 'date' ? `${ref}::text` : ref;
    return `'${c.propertyName}', ${value}`;
  });
  // json_build_object takes at most 100 arguments; wider rows are built in parts and merged.
  const parts: string[] = [];
  for (let i = 0; i < pairs.length; i += 50) parts.push(`json_build_object(${pairs.slice(i, i + 50).join(', ')})`);
  return parts.length === 1 ? parts[0] : `(${parts.map((p) => `${p}::jsonb`).join(' || ')})::json`;
}

/** `COALESCE(json_agg(expr ORDER BY …), '[]')`: an empty relation is an empty array, never null. */
export function jsonArraySql(expression: string, orderBy: string): string {
  return `COALESCE(json_agg(${expression} ORDER BY ${orderBy}), '[]'::json)`;
}

/**
 * A row of `E` as jsonRowSql renders it and the driver returns it: JSON has no dates, so every
 * timestamp is its ISO text; `numeric` and `date` columns are text already in the entity's types.
 */
export type JsonRow<E> = {
  [K in keyof E]: E[K] extends Date ? string : E[K] extends Date | null ? string | null : E[K];
};
