// ESLint over web/src, gated in `make test` like clippy (scripts/test-all.sh): TypeScript's
// recommended rules, the rules of hooks, and jsx-a11y's accessibility rules. Run from web/:
//   lint/node_modules/.bin/eslint -c lint/eslint.config.js src
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // Generated from the server's OpenAPI document (scripts/api-types.sh), not written here.
  { ignores: ['src/api/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    rules: {
      // `_name` marks a value taken apart on purpose and left unused.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    languageOptions: { globals: globals.node },
  },
);
