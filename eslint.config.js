import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * Comments and test names cite the project's own documents (docs/*.md, docs/decisions/NNN-….md), never an issue
 * number or the specification and design files readers cannot open (docs/product.md and docs/architecture.md
 * keep their section numbers). test/infra/citations.test.ts holds docs/ and README.md to the same rule.
 */
export const FOREIGN_CITATION = /\bSPEC\b|\bDESIGN\.md\b|\b[Ii]ssues? #?\d+/;
const TEST_CALLS = new Set(['describe', 'it', 'test', 'suite', 'bench']);

/** The name of a test call (`it`, `describe.each`, `test.skip`…) or undefined. */
function testCallName(callee) {
  let node = callee;
  while (node.type === 'MemberExpression' || node.type === 'CallExpression')
    node = node.type === 'MemberExpression' ? node.object : node.callee;
  return node.type === 'Identifier' && TEST_CALLS.has(node.name) ? node.name : undefined;
}

/** The text of a string or template literal without expressions, else undefined. */
function staticText(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join('');
  return undefined;
}

export const citations = {
  rules: {
    'no-foreign-citations': {
      meta: {
        type: 'suggestion',
        schema: [],
        messages: {
          foreign:
            '"{{found}}": cite docs/product.md or docs/architecture.md (same section numbers) or the decision in docs/decisions, never SPEC.md, DESIGN.md or an issue number.',
        },
      },
      create(context) {
        const report = (node, loc, text) => {
          const found = FOREIGN_CITATION.exec(text);
          if (found) context.report({ node, loc, messageId: 'foreign', data: { found: found[0] } });
        };
        return {
          Program(program) {
            for (const comment of context.sourceCode.getAllComments())
              report(program, comment.loc, comment.value);
          },
          CallExpression(call) {
            if (!testCallName(call.callee)) return;
            const name = staticText(call.arguments[0]);
            if (name !== undefined) report(call.arguments[0], call.arguments[0].loc, name);
          },
        };
      },
    },
  },
};

/**
 * The layers of functions/, bottom to top (docs/decisions/400-layers-and-events.md, 444-layers-you-can-see.md):
 * a folder imports its own layer and those below, never one above. Folders of one layer import each other one
 * way only (test/infra/layers.test.ts). Every folder of functions/ is in exactly one layer; the wiring module
 * functions/reactions.ts, above them all, is imported by the Lambda entries only.
 */
export const FUNCTION_LAYERS = [
  ['lib'], // generic helpers: no domain, no storage
  ['data'], // the data layer: every storage object and key (the repository, one module per stored type)
  ['identity'], // tenancy, access, companies
  ['api'], // the HTTP pipeline, the resource framework, the audit log, the export-task queue
  ['auth', 'payments'], // sign-in sessions and tokens; the card payment provider
  ['admin'], // operators, users, roles, parameters, system resources
  ['alarms', 'accounts', 'ocpp-messages'], // alarms; app users, fleets, plan subscriptions, payers; OCPP frames
  ['chargepoints'], // sites, charge points, live state, connections, charger context, follow-ups
  ['fees', 'biz', 'energybox'], // fee rules; catalogues and cards; energy boxes
  ['sessions'], // the session store and the order of a session
  ['commands'], // remote commands: store, send, files, reports
  ['energy', 'orders'], // load management and renewables; settlement, reservations, queue, targets, revenue
  ['ocpi'], // roaming
  ['ocpp', 'devices', 'appusers', 'driverapp', 'fleets', 'resources'], // protocol; console and app domains
  ['plans', 'export', 'schedules', 'authorizer', 'platform'], // paid plans, exports, cross-domain sweeps
];

const folderGlob = (folders) =>
  folders.length === 1 ? `functions/${folders[0]}/**` : `functions/{${folders.join(',')}}/**`;

/** One zone per layer: its folders may not import a folder of a layer above. */
export const layerZones = FUNCTION_LAYERS.flatMap((layer, i) => {
  const above = FUNCTION_LAYERS.slice(i + 1).flat();
  if (above.length === 0) return [];
  const message = `${layer.join(', ')} may not import a layer above it (eslint.config.js FUNCTION_LAYERS, docs/decisions/444-layers-you-can-see.md).`;
  return [{ target: folderGlob(layer), from: above.map((f) => `functions/${f}/**`), message }];
});

/** One process runs many requests at once: keys on the shared logger would leak into the others' lines. */
const SHARED_LOG_KEYS = {
  selector: 'CallExpression[callee.property.name=/^(appendKeys|appendPersistentKeys)$/]',
  message: 'Log keys of a request go through withLogContext (functions/lib/log-context.ts, decision 435).',
};

/**
 * One way to store an entity (docs/decisions/445-one-way-to-store-an-entity.md): outside functions/data no code
 * builds a repository or writes a key format (`ORDER#${orderNo}`: an upper-case prefix and `#` before a value).
 */
export const STORAGE_OUTSIDE_DATA = [
  {
    selector: "NewExpression[callee.name='Repository']",
    message:
      'A repository is built in functions/data, one per stored type (decision 445): import it from there.',
  },
  {
    selector: 'TemplateLiteral > TemplateElement[value.raw=/^[A-Z][A-Z0-9_]*#$/]',
    message:
      'Key formats are written in functions/data (decision 445): call the data module that owns the key.',
  },
];

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
    plugins: { citations },
    rules: { 'citations/no-foreign-citations': 'error' },
  },
  {
    // Domains import downward only; reactions upward go through functions/lib/events.ts (decisions 400, 444).
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
      // No upward import between the folders of functions/, nor into infra/ (decision 444).
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...layerZones,
            {
              target: 'functions/**',
              from: ['infra/**'],
              message: 'functions/ reads the topology from shared/topology, never infra/ (decision 444).',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', SHARED_LOG_KEYS],
    },
  },
  {
    // Storage objects and keys are the data layer's (decision 445).
    files: ['functions/**/*.ts'],
    ignores: ['functions/data/**'],
    rules: { 'no-restricted-syntax': ['error', SHARED_LOG_KEYS, ...STORAGE_OUTSIDE_DATA] },
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
