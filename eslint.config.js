import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import noSqlText from './eslint-rules/no-sql-text.js';

/**
 * TypeORM's data methods (EntityManager, Repository, DataSource, QueryRunner). Flagged on receivers
 * that look like a manager, a TypeORM repository or a data source (RECEIVER, or a member chain ending
 * in MANAGER_MEMBER), so that `[].find(…)`, `map.delete(…)` or `set.clear()` on other objects pass.
 */
const DATA_METHODS = [
  ...['find', 'findOne', 'findOneOrFail', 'findBy', 'findOneBy', 'findOneByOrFail', 'findAndCount', 'findAndCountBy'],
  ...['count', 'countBy', 'exist', 'exists', 'existsBy', 'sum', 'average', 'minimum', 'maximum'],
  ...['save', 'insert', 'update', 'upsert', 'delete', 'remove', 'softDelete', 'softRemove', 'restore', 'recover'],
  ...['increment', 'decrement', 'clear', 'preload', 'sql', 'getTreeRepository', 'withRepository', 'hasMetadata'],
  ...['startTransaction', 'commitTransaction', 'rollbackTransaction'],
].join('|');
const RECEIVER =
  '^(m|manager|em|entityManager|repo|repository|tx|dataSource|ds|queryRunner|qr|.*Repository|.*Manager|.*DataSource|.*QueryRunner)$';
const MANAGER_MEMBER = '^(manager|entityManager|em|direct|dataSource|queryRunner)$';
const DATA_MESSAGE =
  "Statements, query builders and table metadata belong to repositories (*.repository.ts): call the module's repository.";

/** The database rule's imports (below): the helpers and TypeORM values that belong to repositories. */
const DATABASE_IMPORTS = {
  paths: [
    {
      name: 'typeorm',
      importNames: ['DataSource', 'Repository', 'In', 'Not', 'IsNull', 'Brackets', 'SelectQueryBuilder', 'QueryRunner', 'EntityManager'],
      allowTypeImports: true,
      message:
        "Reach the database through the module's repository (*.repository.ts); only a type import of the transaction handle is allowed here.",
    },
    {
      name: '@nestjs/typeorm',
      importNames: ['InjectRepository', 'InjectDataSource', 'InjectEntityManager'],
      message: "Inject the module's repository instead.",
    },
  ],
  patterns: [
    {
      group: ['**/database/sql/*', '**/database/table.js'],
      allowTypeImports: true,
      message: 'SQL helpers belong to repositories (*.repository.ts).',
    },
  ],
};

export default tseslint.config(
  {
    // test/lint-probes/ holds code that must fail lint: test/lint-probes.e2e-spec.ts lints it as if under src/modules/.
    ignores: [
      'dist/**',
      '.dist-build-*/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'test/client/generated/**',
      'test/lint-probes/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      // Entity registries are lists of classes.
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    // One way to the database: statements live in repositories (and src/database/, which they use).
    // Migrations (migrations/, outside src/) write SQL by nature. test/lint-probes.e2e-spec.ts proves
    // each restriction below on a probe file.
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.repository.ts', 'src/**/repositories/**', 'src/database/**', 'src/**/*.entity.ts', 'src/**/*.spec.ts'],
    plugins: { house: { rules: { 'no-sql-text': noSqlText } } },
    rules: {
      'house/no-sql-text': 'error',
      'no-restricted-imports': ['error', DATABASE_IMPORTS],
      'no-restricted-syntax': [
        'error',
        {
          // Whatever the receiver: nothing else in the project has methods of these names (so they
          // are not repeated in DATA_METHODS).
          selector:
            "CallExpression[callee.object.name!='Reflect'][callee.property.name=/^(createQueryBuilder|getRepository|query|transaction|getMetadata)$/]",
          message: DATA_MESSAGE,
        },
        {
          selector: `CallExpression[callee.property.name=/^(${DATA_METHODS})$/][callee.object.name=/${RECEIVER}/]`,
          message: DATA_MESSAGE,
        },
        {
          selector: `CallExpression[callee.property.name=/^(${DATA_METHODS})$/][callee.object.property.name=/${MANAGER_MEMBER}/]`,
          message: DATA_MESSAGE,
        },
      ],
    },
  },
  {
    // Dependencies point one way (docs/architecture.md, the module table): general typesetting knows no feature module,
    files: ['src/common/pdf/**/*.ts'],
    ignores: ['src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...DATABASE_IMPORTS,
          patterns: [
            ...DATABASE_IMPORTS.patterns,
            { regex: '(^|/)modules/', message: 'General typesetting imports no feature module (docs/architecture.md).' },
          ],
        },
      ],
    },
  },
  {
    // and how a quote looks to its buyer knows none of the modules that render it (quotes, cart, mail).
    files: ['src/modules/quote-documents/**/*.ts'],
    ignores: ['src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...DATABASE_IMPORTS,
          patterns: [
            ...DATABASE_IMPORTS.patterns,
            {
              regex: '^\\.\\./[^./]',
              message: 'quote-documents stands below the modules that use it (docs/architecture.md): it imports none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', 'test/**/*.ts'],
    languageOptions: {
      globals: {
        describe: 'readonly',
        it: 'readonly',
        expect: 'readonly',
        beforeAll: 'readonly',
        afterAll: 'readonly',
        beforeEach: 'readonly',
        afterEach: 'readonly',
        jest: 'readonly',
      },
    },
  },
);
