import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'src/api/generated',
      'dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'coverage',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.strict],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Hooks live beside their provider or component (useToast, useConfirm, useTabParam).
      'react-refresh/only-export-components': 'off',
      // RTK Query spells "no argument" as void: build.query<Result, void>.
      '@typescript-eslint/no-invalid-void-type': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports (STYLE.md).' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Config files are loaded by tools that require a default export.
    files: ['vite.config.ts', 'playwright.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Features never import each other: the router (src/app) composes them, shared code lives in
    // src/shared. eslint-plugin-boundaries resolves every import (any depth of '../', from a file
    // at any depth of a feature) to the folder it lands in and checks that folder's kind.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: 'src/shared' },
        { type: 'api', pattern: 'src/api' },
      ],
      'boundaries/files': [{ category: 'app-hooks', pattern: 'src/app/hooks.ts' }],
    },
    rules: {
      // Imports inside one element (a feature's own files) are not checked.
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'feature' } } },
              message:
                'A feature must not import another feature ({{ to.element.captured.feature }}); move shared code to src/shared.',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'app' } } },
              message:
                'A feature may import only app/hooks from the app shell, and no other feature.',
            },
            // A later policy wins: app/hooks is the one part of the app shell a feature may use.
            {
              from: { element: { type: 'feature' } },
              allow: { to: { file: { categories: 'app-hooks' } } },
            },
            {
              from: { element: { types: { anyOf: ['shared', 'api'] } } },
              disallow: { to: { element: { type: 'feature' } } },
              message: 'Shared code must not import a feature.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
