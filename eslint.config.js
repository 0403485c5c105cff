import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', '.dist-build-*/**', 'node_modules/**', 'data/**', 'coverage/**', 'test/client/generated/**'] },
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
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.repository.ts', 'src/database/**', 'src/**/*.entity.ts', 'src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'typeorm',
              importNames: [
                'DataSource',
                'Repository',
                'In',
                'Not',
                'IsNull',
                'Brackets',
                'SelectQueryBuilder',
                'QueryRunner',
                'EntityManager',
              ],
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
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name!='Reflect'][callee.property.name=/^(createQueryBuilder|getRepository|query|transaction|getMetadata)$/]",
          message: 'Statements, query builders and table metadata belong to repositories (*.repository.ts).',
        },
        {
          selector: 'TemplateElement[value.raw=/\\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|RETURNING|FOR UPDATE)\\b/]',
          message: 'SQL text belongs to repositories (*.repository.ts).',
        },
        {
          selector: 'Literal[value=/\\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|RETURNING|FOR UPDATE)\\b/]',
          message: 'SQL text belongs to repositories (*.repository.ts).',
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
