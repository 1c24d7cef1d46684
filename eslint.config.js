import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'cdk.out/**', 'web/dist/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Path aliases (@shared, @functions, @infra, @web) instead of long relative chains.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../*'], message: 'Use a path alias.' }] },
      ],
    },
  },
  {
    // Domains import downward only; reactions upward go through functions/lib/events.ts (decision 400).
    files: ['functions/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript (a file it cannot parse would hide its cycles).
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // One process runs many requests at once: keys on the shared logger would leak into the others' lines.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(appendKeys|appendPersistentKeys)$/]',
          message:
            'Log keys of a request go through withLogContext (functions/lib/log-context.ts, decision 435).',
        },
      ],
    },
  },
  {
    // Domains read and write through the data layer (functions/data, decision 420), never DynamoDB itself.
    files: ['functions/**/*.ts'],
    ignores: ['functions/data/**', 'functions/lib/aws.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['../../*'], message: 'Use a path alias.' }],
          paths: [
            { name: '@aws-sdk/lib-dynamodb', message: 'Read and write through a functions/data module.' },
            { name: '@aws-sdk/client-dynamodb', message: 'Read and write through a functions/data module.' },
            {
              name: '@functions/lib/aws.ts',
              importNames: ['dynamoDocument'],
              message: 'Read and write through a functions/data module.',
            },
          ],
        },
      ],
    },
  },
);
