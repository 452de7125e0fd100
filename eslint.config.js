import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      '.tmp',
      'node_modules',
      'src/route-tree.gen.ts',
      'server/db/migrations',
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
  // Imports flow one way: server/ and src/ never import each other; contract/ imports only zod.
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src/**', '@/*'] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    // The PWA never imports the API server (the emotion package named server is not it).
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '!@emotion/server/**'] }],
    },
  },
)
