/**
 * What `npm run sql:snapshot` (scripts/sql-snapshot.ts) calls to capture a repository's statements:
 * every public method of a `*Repository` class carries `@GenerateSql`, with one example per shape
 * of statement it can send. The script runs each example on a throwaway database, inside a
 * transaction it rolls back, and writes the statements to the module's `queries/` folder.
 */
export interface SqlExample {
  /** Says which shape this example shows, when a method has several. */
  name?: string;
  /** The method's arguments; `SqlArg.manager` stands for the transaction's manager. */
  args: unknown[];
}

export const SqlArg = {
  /** Replaced by the snapshot's (transaction) EntityManager. */
  manager: Symbol('manager'),
} as const;

type Examples = Map<string, SqlExample[]>;

const registry = new Map<Function, Examples>();

/** Marks a repository method for the SQL snapshot; with no example, it is called with the manager alone. */
export function GenerateSql(...examples: SqlExample[]): MethodDecorator {
  return (target, key) => {
    const owner = (target as object).constructor;
    let methods = registry.get(owner);
    if (!methods) registry.set(owner, (methods = new Map()));
    methods.set(String(key), examples.length ? examples : [{ args: [SqlArg.manager] }]);
  };
}

/** The examples registered for a class's methods (empty when none). */
export function sqlExamples(target: Function): Examples {
  return registry.get(target) ?? new Map();
}
