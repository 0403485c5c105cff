/**
 * `house/no-sql-text`: SQL text in a string or template literal, in any case. A template literal is
 * read whole, each `${…}` standing for a name (`SELECT * FROM ${table} WHERE id = $1` is caught), so
 * a statement split around interpolations is still one statement.
 *
 * The patterns are structural (keyword, name, keyword), so that English in messages passes:
 * "Select a country", "update the quote", "delete from the list" are not SQL; `select id, name from
 * product`, `update quotes set status =`, `delete from carts where` are.
 *
 * What it cannot see: SQL assembled from fragments that are each innocent (`'sel' + 'ect …'`,
 * `[…].join(' ')`), read from a file or another module, or written in a shape the patterns do not
 * know (a bare `VALUES (…)`, DDL). Those are left to review.
 */
const NAME = String.raw`["\w.]+`;
const ITEM = String.raw`(?:\*|[\w."]+(?:\([^()]*\))?(?:\s*::\s*\w+)?(?:\s+as\s+\w+)?)`;
const ALIAS = String.raw`(?:\s+(?:as\s+)?\w+)?`;

/** [what it is, pattern]: the first that matches names the statement in the message. */
const SQL_PATTERNS = [
  ['SELECT … FROM', new RegExp(String.raw`\bselect\s+(?:distinct\s+)?${ITEM}(?:\s*,\s*${ITEM})*\s+from\s+${NAME}`, 'i')],
  ['INSERT INTO', new RegExp(String.raw`\binsert\s+into\s+${NAME}\s*(?:\(|values\b|select\b|default\s+values\b)`, 'i')],
  ['UPDATE … SET', new RegExp(String.raw`\bupdate\s+${NAME}${ALIAS}\s+set\s+${NAME}\s*=`, 'i')],
  ['DELETE FROM', new RegExp(String.raw`\bdelete\s+from\s+${NAME}${ALIAS}\s*(?:$|;|\bwhere\b|\busing\b|\breturning\b)`, 'i')],
  ['WITH … AS (', new RegExp(String.raw`\bwith\s+(?:recursive\s+)?\w+(?:\s*\([^()]*\))?\s+as\s+(?:not\s+)?(?:materialized\s+)?\(`, 'i')],
  [
    'FOR UPDATE',
    new RegExp(String.raw`\bfor\s+(?:no\s+key\s+)?(?:update|share)\s+(?:skip\s+locked|nowait|of\s)|\bFOR (?:NO KEY )?(?:UPDATE|SHARE)\b`),
  ],
  ['a $n parameter', /(?:=|<>|!=|<=|>=|<|>|\bin\s*\(|\bany\s*\()\s*\$\d+\b/i],
];

/** The SQL statement a text holds (its pattern's name), or null. */
function sqlIn(text) {
  for (const [what, pattern] of SQL_PATTERNS) if (pattern.test(text)) return what;
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'SQL text belongs to repositories (*.repository.ts) and src/database/.' },
    schema: [],
    messages: { sql: 'SQL text ({{what}}) belongs to repositories (*.repository.ts).' },
  },
  create(context) {
    const report = (node, text) => {
      const what = typeof text === 'string' ? sqlIn(text) : null;
      if (what) context.report({ node, messageId: 'sql', data: { what } });
    };
    return {
      Literal: (node) => report(node, node.value),
      TemplateLiteral: (node) => report(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('_')),
    };
  },
};
