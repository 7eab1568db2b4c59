// Lint: typescript-eslint's recommended rules and one structural rule, no import cycles.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['node_modules/', 'build/', 'dist/', '.bench-*/', 'release/', 'coverage/', 'test-results/', 'data/', 'desktop/client/public/'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads TypeScript files only with these (its `typescript` preset's settings)
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': { typescript: { project: ['tsconfig.json', 'desktop/client/tsconfig.json'] }, node: true },
    },
    rules: {
      'import-x/no-cycle': 'error',
      // `_name` marks a value left out on purpose (destructuring a field away, an unused callback argument).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Off: 37 places (test helpers reading JSON bodies, exceljs cells, the desktop shell) would need typing in one sweep.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
