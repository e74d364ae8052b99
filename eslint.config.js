// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** Browser-side code must never pull in server-only modules (DESIGN.md §3). */
/** @type {import('eslint').Linter.Config} */
const serverBoundary = {
  files: ['src/islands/**', 'src/stores/**', 'src/client/**', 'src/lib/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/server', '@/server/*', '**/server/*', '**/server'],
            message: 'Islands, stores, client and lib code must not import src/server.',
          },
          { group: ['node:*'], message: 'Browser-side code must not import Node built-ins.' },
          {
            group: [
              'altcha-lib/algorithms/pbkdf2',
              'altcha-lib/algorithms/sha',
              'altcha-lib/algorithms/scrypt',
              'altcha-lib/algorithms/argon2id',
            ],
            message: 'These use node:crypto; the browser solves with altcha-lib/algorithms/web/*.',
          },
        ],
      },
    ],
  },
};

/** lib is pure: it imports nothing from the rest of src. */
/** @type {import('eslint').Linter.Config} */
const libIsPure = {
  files: ['src/lib/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['@/*', '!@/lib', '!@/lib/*'], message: 'src/lib imports nothing from the rest of src.' },
          {
            group: [
              '**/server',
              '**/server/**',
              '**/i18n',
              '**/i18n/**',
              '**/client',
              '**/client/**',
              '**/stores',
              '**/stores/**',
              '**/islands',
              '**/islands/**',
              '**/components',
              '**/components/**',
              '**/layouts',
              '**/layouts/**',
              '**/pages',
              '**/pages/**',
            ],
            message: 'src/lib imports nothing from the rest of src.',
          },
          { group: ['node:*'], message: 'src/lib is usable anywhere: no Node built-ins.' },
        ],
      },
    ],
  },
};

export default defineConfig(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.astro/',
      'data/',
      'drizzle/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
    },
  },
  serverBoundary,
  libIsPure,
);
