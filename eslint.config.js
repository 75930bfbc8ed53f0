// The lint gate, run by `npm test` (`npm run lint`) with no warning allowed (docs/architecture.md §2):
// type-aware typescript-eslint (strict), React hooks and accessibility rules for the web app, and the
// boundaries between the parts as import restrictions. Import circles are refused by dependency-cruiser
// (.dependency-cruiser.cjs), which also sees type-only imports.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The DynamoDB SDK and the modules that know the table's keys: only repositories may import them. */
const dynamoModules = {
  patterns: [
    {
      group: ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'],
      message: 'Only functions/core/repositories/ talks to DynamoDB: add a builder or a read there.',
    },
    {
      group: ['**/repositories/keys', '**/repositories/table'],
      message: 'Keys and table names are known only to functions/core/repositories/.',
    },
  ],
};

/**
 * The backend's layers in functions/core/ (docs/architecture.md §2): what the domains call, never the
 * other way round. Every other folder there is a domain (or the migrations, which use the domains), so a
 * new domain is covered the day its folder appears.
 */
const CORE_LAYERS = ['aws', 'caller', 'http', 'media', 'realtime', 'repositories', 'scheduling', 'sessions'];
const CORE_DOMAINS = readdirSync(join(import.meta.dirname, 'functions/core'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !CORE_LAYERS.includes(entry.name))
  .map((entry) => entry.name)
  .sort();
const domainImport = {
  regex: `^(\\.\\.?/)+(${CORE_DOMAINS.join('|')})/`,
  message:
    'A layer of functions/core/ (repositories, realtime, media, aws, http, sessions, scheduling, caller, and the files beside them) never imports a domain: the domains call the layers. Move what both need down into a layer (docs/architecture.md §2).',
};

/**
 * What no web file imports: the backend and the infrastructure, the table's modules, and Fluent's
 * pickers whose buttons are named in English.
 */
const webRestrictions = {
  patterns: [
    { group: ['**/functions/**', '**/infra/**'], message: 'The web app imports from shared/ only, never from the backend or the infrastructure.' },
    ...dynamoModules.patterns,
  ],
  paths: [
    {
      name: '@fluentui/react-components',
      importNames: ['Combobox', 'Dropdown', 'SearchBox', 'TagPicker'],
      message: "Fluent names their buttons in English: use LocalizedCombobox, LocalizedDropdown or LocalizedSearchBox (web/src/components/), whose labels follow the interface language.",
    },
  ],
};

/** web/src/app/ composes the app (page registry, routes, gate, shell): only it and main.tsx import it. */
const appImport = {
  regex: '^(\\.\\.?/)+app(/|$)',
  message: 'Features never import web/src/app/, which composes them: what they need of the app (services, paths, the current page) lives in web/src/runtime/ (docs/architecture.md §2).',
};

/**
 * The web's lower layers: they import only each other, config.ts and shared/, never a feature or app/
 * (docs/architecture.md §2). Files sit directly in their folder, so a sibling is `../<folder>/...`.
 */
const WEB_LAYERS = ['api', 'auth', 'components', 'feedback', 'i18n', 'realtime', 'runtime', 'sign-in', 'theme'];
const featureImport = {
  regex: `^\\.\\./(?!(${WEB_LAYERS.join('|')})(/|$)|config$|\\.\\./)`,
  message: `A web layer (${WEB_LAYERS.join('/, ')}/) imports only other layers and shared/, never a feature or app/: move what both need down into a layer.`,
};

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', '.data/', 'web/dist/', 'coverage/', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are allowed when they say so with a leading underscore (destructuring to drop a field).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Numbers and booleans in template literals read naturally in messages and keys.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `onClick={() => setOpen(true)}` is the idiom: an arrow's expression body that happens to be void.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    // The web app: hooks and accessibility; features never import app/.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': ['error', { ...webRestrictions, patterns: [...webRestrictions.patterns, appImport] }],
    },
  },
  {
    // One API layer: the API is called by path only in web/src/api/, one module per resource.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='api'][callee.property.name=/^(get|post|put|patch|delete|upload|request)$/]",
          message: "Call the API through its resource's module in web/src/api/ (paths, requests, keys and hooks live there).",
        },
        {
          selector: "CallExpression[callee.name='fetch']",
          message: 'Requests go through web/src/api/ (its client, or a module there for a request outside the API).',
        },
      ],
    },
  },
  {
    // The composition itself (a later block's options replace the earlier ones for its files).
    files: ['web/src/app/**/*.{ts,tsx}', 'web/src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', webRestrictions] },
  },
  {
    // The web's lower layers import no feature (nor app/).
    files: [`web/src/{${WEB_LAYERS.join(',')}}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { ...webRestrictions, patterns: [...webRestrictions.patterns, featureImport] }] },
  },
  {
    // Isomorphic code: neither AWS nor React.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@aws-sdk/*', 'aws-lambda', 'aws-cdk-lib', 'aws-cdk-lib/*'], message: 'shared/ runs in the browser too: no AWS.' },
            { group: ['react', 'react-dom', 'react/*', '@fluentui/*'], message: 'shared/ runs on the backend too: no React.' },
            { group: ['**/functions/**', '**/infra/**', '**/web/**'], message: 'shared/ imports nothing of the parts built on it.' },
          ],
        },
      ],
    },
  },
  {
    // The backend outside the data layer (and the session host's leases and stores, which own their items).
    files: ['functions/**/*.ts'],
    ignores: ['functions/core/repositories/**', 'functions/core/aws/**', 'functions/sessions/stores/**', 'functions/sessions/leases.ts'],
    rules: { 'no-restricted-imports': ['error', dynamoModules] },
  },
  {
    // Layers never import domains; those outside the data layer keep its restrictions too.
    files: [`functions/core/{${CORE_LAYERS.filter((layer) => layer !== 'repositories' && layer !== 'aws').join(',')}}/**/*.ts`, 'functions/core/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...dynamoModules.patterns, domainImport] }] },
  },
  {
    files: ['functions/core/{repositories,aws}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainImport] }] },
  },
  {
    // Tests may arrange and inspect the table directly.
    files: ['test/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Answers of the API under test are JSON read as `any` on purpose: the assertions check their shape.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Stand-ins and mocks implement async interfaces with values at hand (`async () => item`).
      '@typescript-eslint/require-await': 'off',
    },
  },
);
