// ESLint checks what the type checker cannot: every regular expression in the code runs in
// linear time (eslint-plugin-regexp), because request data reaches many of them
// (docs/decisions/013-regexp-lint-with-babel-parser.md). The installed TypeScript is the native
// port with no JavaScript API, so the TypeScript sources are parsed by Babel's parser (syntax
// only; `tsc` remains the type checker).
import babelParser from '@babel/eslint-parser';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';

/** Babel's parser with TypeScript syntax; JSX only in .tsx, where `<T>` cannot be a cast. */
const typescriptSyntax = (jsx) => ({
  parser: babelParser,
  parserOptions: {
    requireConfigFile: false,
    babelOptions: {
      babelrc: false,
      configFile: false,
      parserOpts: { plugins: jsx ? ['typescript', 'jsx'] : ['typescript'] },
    },
  },
});

export default [
  {
    ignores: ['dist/**', 'node_modules/**', 'public/**', 'test-results/**', '.cache/**', 'data/**'],
  },
  {
    files: ['{server,shared,client,scripts,build}/**/*.ts', '*.ts'],
    languageOptions: typescriptSyntax(false),
  },
  {
    files: ['{server,shared,client}/**/*.tsx'],
    languageOptions: typescriptSyntax(true),
  },
  {
    files: ['{server,shared,client,scripts,build}/**/*.{ts,tsx}', '*.ts'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { regexp, 'react-hooks': reactHooks },
    rules: {
      ...regexp.configs['flat/recommended'].rules,
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      // The code looks for control characters on purpose, to refuse them (paths, redirects, file names).
      'no-control-regex': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
];
