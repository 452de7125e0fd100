import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import checkFile from 'eslint-plugin-check-file'
import playwright from 'eslint-plugin-playwright'

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
      'data',
      '.tmp',
      'node_modules',
      'src/route-tree.gen.ts',
      'server/db/migrations',
      'bench/styling/styled-system',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // Browser tests wait as people do: web-first assertions that retry instead of one-off reads
  // through node:assert, and no fixed sleeps (a pause that is the scenario says why).
  {
    ...playwright.configs['flat/recommended'],
    files: ['tests/e2e/**/*.ts'],
  },
  {
    files: ['tests/e2e/**/*.ts'],
    rules: {
      // Helpers that fail the test as an expect would (tests/e2e/support, fixtures.ts).
      'playwright/expect-expect': [
        'warn',
        {
          assertFunctionNames: [
            'waitForPath',
            'expectPresent',
            'expectImageShown',
            'expectSavedForOffline',
            'expectNotSavedThenLoaded',
          ],
        },
      ],
      // Playwright fixtures and hooks that need no fixture still destructure their first argument.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
      'no-restricted-imports': [
        'error',
        {
          paths: ['assert', 'node:assert', 'assert/strict', 'node:assert/strict'].map((name) => ({
            name,
            message:
              "Browser tests assert with Playwright's expect: web-first on locators, expect.poll for values that settle.",
          })),
        },
      ],
    },
  },
  // Imports flow one way: server/ and src/ never import each other; contract/ imports only zod.
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/**', '@/*'] }] },
  },
  // Routes parse and authorise; services own the database (docs/architecture.md).
  {
    files: ['server/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '@/*'], message: 'server/ never imports the PWA.' },
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema'],
              message: 'Routes parse and authorise; database work belongs in server/services/.',
            },
          ],
        },
      ],
    },
  },
  // Services take plain values and a deps object, never a Fastify request or instance, and throw
  // DomainError rather than HTTP errors (decision 032).
  {
    files: ['server/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '@/*'], message: 'server/ never imports the PWA.' },
            {
              group: ['fastify', 'fastify/*', 'fastify-*', '@fastify/*'],
              message:
                'Services take plain values and a deps object: read the request in the route (server/plugins/read-multipart.ts) and throw DomainError (server/errors.ts).',
            },
          ],
        },
      ],
    },
  },
  // Server code states what it is certain of (requireUser, one(), a guard that throws) rather
  // than asserting it with `!`, which fails later and far away as a read of undefined.
  {
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/testing/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    // The PWA never imports the API server (the emotion package named server is not it).
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '!@emotion/server/**'] }],
    },
  },
  // docs/design.md's one-way imports, checked on resolved paths (aliases and relative paths alike):
  // contract -> src/lib, components -> features -> routes; no feature imports another; the
  // worker sees only contract and src/lib.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            './tsconfig.app.json',
            './tsconfig.node.json',
            './tsconfig.e2e.json',
            './tsconfig.bench.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message:
                'No feature imports another: move what both need to src/components or src/lib.',
            })),
            {
              target: ['./src/lib', './src/components'],
              from: ['./src/features', './src/routes'],
              message: 'src/lib and src/components never import features or routes.',
            },
            {
              target: './src/features',
              from: './src/routes',
              message: 'Features never import routes.',
            },
            {
              target: './sw',
              from: ['./src/features', './src/components', './src/routes', './server'],
              message: 'The service worker imports only contract/ and src/lib.',
            },
            {
              target: './server',
              from: ['./src', './sw'],
              message: 'server/ never imports the PWA.',
            },
            {
              target: ['./src', './sw'],
              from: './server',
              message: 'The PWA never imports server/.',
            },
            {
              target: './contract',
              from: ['./src', './sw', './server'],
              message: 'contract/ imports only zod.',
            },
          ],
        },
      ],
    },
  },
  // Kebab-case file and folder names (TanStack Router's $param and _layout names allowed).
  {
    files: ['{src,sw,server,contract,scripts,tests,bench}/**/*.{ts,tsx,js,mjs}'],
    ignores: ['src/routes/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['src/routes/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': '+([_$a-z0-9-.])' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
)
