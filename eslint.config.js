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

// Page URLs: every internal page URL is built by the typed helpers of shared/routes/links.ts over
// the route table (§2), so none drifts from the table or from the trailing-slash rule. A template
// literal or a `+` concatenation starting with a page path of the table (`/blog/…`, `/?…`, `/#…`)
// is refused outside shared/routes/ and the tests. The content service's own resource paths
// (`/services/{path}` of its API, not the site's) are built in server/content-*/.
// tests/architecture/pageUrlLint.test.ts checks that every route of the table is covered.
const PAGE_SEGMENTS = ['about', 'services', 'projects', 'blog', 'material', 'career', 'contacts', 'documents', 'referral', 'request', 'subscribe', 'success', 'sitemap', '_ui_kit'];
const PAGE_URL = `/^\\/(?:[?#]|(?:${PAGE_SEGMENTS.join('|')})(?:[\\/?#]|$))/`;
const PAGE_URL_MESSAGE = 'Build page URLs with href() or linkTo() from shared/routes/links.ts (the route table, §2), not by hand.';
const pageUrls = {
  files: ['{server,shared,client,scripts,build}/**/*.{ts,tsx}'],
  ignores: ['shared/routes/**', '**/*.test.{ts,tsx}', 'server/content-client/**', 'server/content-service/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: `TemplateLiteral[quasis.0.value.cooked=${PAGE_URL}]`, message: PAGE_URL_MESSAGE },
      { selector: `BinaryExpression[operator="+"][left.type="Literal"][left.value=${PAGE_URL}]`, message: PAGE_URL_MESSAGE },
    ],
  },
};

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
  pageUrls,
];
