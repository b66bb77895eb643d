import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const web = './apps/web/src';
// Every folder of src/features is a feature (issue #14 §5): a new one is fenced in without a new line here.
const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tools/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly', window: 'readonly', document: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-undef': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Decision 044: on Preact, useSyncExternalStore ignores the server snapshot; stores go through
    // lib/hydration.ts (the server snapshot while hydrating).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/hydration.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', importNames: ['useSyncExternalStore'], message: 'Use useExternalStore from lib/hydration.ts (decision 044).' },
            // Issue #33 item 3 (decision 047): the router's links cost about a fifth of an entry page's hydration.
            { name: 'react-router', importNames: ['Link', 'NavLink'], message: 'Use Link from components/link.tsx (decision 047).' },
          ],
        },
      ],
    },
  },
  {
    // Issue #28 item 6: apps/server/src holds the product; the test harness (apps/server/test) is for tests only.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/test/support/*', '**/test/reliability/*'], message: 'Product code does not import the test harness.' }],
        },
      ],
    },
  },
  {
    // env.ts validates the environment once at start-up; the rest of the server reads the parsed Env (issue #28 item 6).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the validated Env (env.ts), not process.env.' },
      ],
    },
  },
  {
    // Design §7: code flows one way — shared → features → app; features never import each other;
    // the web never imports the server; packages/core imports neither app.
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web', from: './apps/server', message: 'The web app never imports the server (design §7).' },
            { target: './packages/core', from: './apps', message: 'packages/core is shared by both apps and imports neither.' },
            { target: `${web}/features`, from: `${web}/app`, message: 'Features do not import the app layer.' },
            {
              target: [`${web}/lib`, `${web}/components`, `${web}/config`],
              from: [`${web}/features`, `${web}/app`],
              message: 'Shared code does not import features or the app.',
            },
            ...features.map((f) => ({
              target: `${web}/features/${f}`,
              from: `${web}/features`,
              except: [`./${f}`],
              message: 'Features do not import each other.',
            })),
          ],
        },
      ],
    },
  },
);
