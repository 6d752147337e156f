import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundariesPlugin } from './tools/lint/feature-boundaries.js';
import { tablesPlugin } from './tools/lint/table-boundaries.js';

/**
 * Imports flow one way (docs/conventions.md): web shared → features → app; the apps import contracts;
 * web and the back office never import the server nor the reverse.
 */
const neverTheServer = {
  group: ['**/server/**', '@kl/server'],
  message: 'The web app never imports the server.',
};
const webBoundaries = (patterns) => ['error', { patterns: [neverTheServer, ...patterns] }];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'release/**',
      'data/**',
      'tools/perf/reports/**',
      'playwright-report/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': webBoundaries([]),
    },
  },
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': webBoundaries([
        { group: ['**/features/**', '**/app/**'], message: 'shared/ never imports features/ or app/.' },
      ]),
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': webBoundaries([
        { group: ['**/app/**'], message: 'features/ never import app/.' },
      ]),
    },
  },
  {
    // A feature reaches another only through its index.ts (tests included).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { boundaries: boundariesPlugin },
    rules: { 'boundaries/feature-index': 'error' },
  },
  {
    // The back office (apps/admin): a browser app of its own; it imports the contracts, never the
    // server nor the player's web app.
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '@kl/server'], message: 'The back office never imports the server.' },
            { group: ['**/web/**', '@kl/web'], message: 'The back office never imports the web app.' },
          ],
        },
      ],
    },
  },
  {
    // A server module reaches another only through its index.ts.
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { boundaries: boundariesPlugin },
    rules: { 'boundaries/module-index': 'error' },
  },
  {
    // A server module imports only the tables it owns (tools/lint/table-owners.js,
    // docs/decisions/037-table-owners.md).
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { tables: tablesPlugin },
    rules: { 'tables/owner': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/server/scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '@kl/web'], message: 'The server never imports the web app.' },
            // Only its tests run the stand-ins in-process (docs/decisions/036-sandboxes-process.md).
            {
              group: ['**/sandboxes/**', '@kl/sandboxes', '@kl/sandboxes/**'],
              message: 'The site never imports the sandboxes: it reaches them over HTTP.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's tests start the sandboxes in-process, against the site under test.
    files: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**/*.ts', 'apps/server/src/**/testing.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**', '@kl/web'], message: 'The server never imports the web app.' }] },
      ],
    },
  },
  {
    // The stand-ins for outside parties (docs/decisions/036-sandboxes-process.md) reach the site over HTTP only.
    files: ['apps/sandboxes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '@kl/server', '@kl/server/**', '**/web/**', '@kl/web'],
              message:
                'The sandboxes never import the site: they call it over HTTP, like the parties they stand in for.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'tools/**/*.mjs', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
