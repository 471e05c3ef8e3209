import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
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
    // Features never import each other: the router (src/app) composes them, shared code lives in src/shared.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)[^/]+/',
              message: 'A feature must not import another feature; move shared code to src/shared.',
            },
            {
              regex: '^\\.\\./\\.\\./(features/|app/(?!hooks$))',
              message:
                'A feature may import only app/hooks from the app shell, and no other feature.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
