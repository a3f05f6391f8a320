// ESLint for the whole workspace: `pnpm lint` (also part of `pnpm test`, so of CI).
// typescript-eslint's strictest type-aware preset, with types from the project service
// (the same tsconfig.json files the editors and `pnpm typecheck` use).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './apps/web/svelte.config.js';

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', '**/coverage/', 'apps/web/test/screenshots/']),

  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  svelte.configs.recommended,

  {
    // An eslint-disable comment that no longer silences anything fails the lint, so the few
    // there are (no-control-regex on the name checks' control-character class) keep meaning something.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
      },
    },
  },

  // The engine, the bots, the table machine and the tournaments type-check their sources without Node's types (they must stay
  // pure), and their tests with a second tsconfig that the project service cannot find by
  // itself (it only looks for files named tsconfig.json), so those tests name it.
  {
    files: ['packages/engine/test/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: false, project: './packages/engine/tsconfig.test.json' },
    },
  },
  {
    files: ['packages/bots/test/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: false, project: './packages/bots/tsconfig.test.json' },
    },
  },
  {
    files: ['packages/table/test/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: false, project: './packages/table/tsconfig.test.json' },
    },
  },
  {
    files: ['packages/tournament/test/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: false, project: './packages/tournament/tsconfig.test.json' },
    },
  },

  // Svelte components: their <script lang="ts"> goes through typescript-eslint too.
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { parser: tseslint.parser, svelteConfig },
    },
    rules: {
      // The rule wants `void` on calls only, but `void value;` is how an $effect reads a value on
      // purpose, to run again when it changes (a bare `value;` fails no-unused-expressions).
      '@typescript-eslint/no-meaningless-void-operator': 'off',
    },
  },

  {
    rules: {
      // A switch over a union must name every member, even with a default clause, so that adding
      // a member (a table event, a record action, a leader rule, an error code) fails the lint
      // wherever it is not handled: TypeScript says nothing of a switch that returns nothing.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: true }],
    },
  },

  {
    rules: {
      // As TypeScript's noUnused*: a leading underscore marks a binding left unused on purpose,
      // and a rest sibling is how the code drops fields from an object.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Numbers and booleans read well in messages; objects, null and undefined stay errors.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `() => call()` in handlers and `return fail(...)` in functions that return nothing are
      // plain early exits; a void value used anywhere else stays an error.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true }],
    },
  },

  // The rules turned off, each with why: those the code would need a mass rewrite to follow,
  // then those that, where they are off, cannot see what the code knows.
  {
    rules: {
      // noUncheckedIndexedAccess types every index as possibly undefined; the code writes `x[i]!`
      // where the index is in range by construction (hundreds of places, mostly board and seat arrays).
      '@typescript-eslint/no-non-null-assertion': 'off',
      // The in-memory twins of the Redis stores and queues implement the same async interfaces
      // without awaiting anything, and Fastify plugins are async by convention: `async` keeps a
      // throw a rejection there, as the Redis version's would be.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/test/**/*.ts'],
    rules: {
      // vitest's asymmetric matchers (expect.any, expect.stringContaining...) are typed `any`,
      // and the tests use them in every toMatchObject.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      // afterAll hooks close `server?.close()` what a failed beforeAll may not have opened (the
      // types, `let server: T`, cannot say so), and tests poll state that other calls change,
      // which TypeScript's narrowing does not see.
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  {
    files: ['**/*.svelte'],
    rules: {
      // The types of other components' props do not reach typescript-eslint (only svelte-check,
      // part of `pnpm typecheck`, sees them), so a callback given to a component has `any`
      // parameters here.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // The few plain JavaScript files (scripts, this config) and the vitest configs are in no
  // tsconfig: no type-aware rules (last, so that it also turns off the type-aware rules above).
  {
    files: ['**/*.js', '**/*.mjs', 'vitest.config.ts', 'apps/{cli,server}/vitest.config.ts', 'packages/*/vitest.config.ts'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
);
