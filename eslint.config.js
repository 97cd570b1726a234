// ESLint checks what the type checker cannot (docs/decisions/013-linear-regexps-and-type-aware-lint.md):
// every regular expression in the code runs in linear time (eslint-plugin-regexp), because
// request data reaches many of them; ESLint's own recommended set catches the assignment nobody
// reads; typescript-eslint's type-aware rules catch the promise nobody awaits, the `any` that
// leaks through a boundary and the condition that is always true; react-hooks keeps the hooks'
// rules, and every element of a list has its `key`; the vitest rules keep a focused or skipped
// test from passing the suite unnoticed. `tsc` (TypeScript 7) remains the type checker; the
// rules read types through the TypeScript 6 API that the `typescript` package name resolves to.
import eslintReact from '@eslint-react/eslint-plugin';
import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';
import { ROUTES } from './shared/routes/table.ts';

/** Every TypeScript file that tsconfig.json type-checks. */
const TYPESCRIPT = ['{server,shared,client,scripts,build,tests}/**/*.{ts,tsx}', '*.ts'];
/** The tests: vitest files beside the code and the suites under tests/. */
const TESTS = ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'];

// Page URLs: every internal page URL is built by the typed helpers of shared/routes/links.ts over
// the route table (§2), so none drifts from the table or from the trailing-slash rule. A template
// literal or a `+` concatenation starting with a page path of the table (`/blog/…`, `/?…`, `/#…`)
// is refused outside shared/routes/ and the tests. The content service's own resource paths
// (`/services/{path}` of its API, not the site's) are built in server/platform/content-*/.
// The first segments are read from the table itself; tests/architecture/pageUrlLint.test.ts checks
// that every route of the table is covered.
const PAGE_SEGMENTS = [...new Set(ROUTES.map((route) => route.path.split('/')[1]).filter((segment) => segment !== ''))];
const PAGE_URL = `/^\\/(?:[?#]|(?:${PAGE_SEGMENTS.join('|')})(?:[\\/?#]|$))/`;
const PAGE_URL_MESSAGE = 'Build page URLs with href() or linkTo() from shared/routes/links.ts (the route table, §2), not by hand.';
const pageUrls = {
  files: ['{server,shared,client,scripts,build}/**/*.{ts,tsx}'],
  ignores: ['shared/routes/**', '**/*.test.{ts,tsx}', 'server/platform/content/client/**', 'server/platform/content/service/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: `TemplateLiteral[quasis.0.value.cooked=${PAGE_URL}]`, message: PAGE_URL_MESSAGE },
      { selector: `BinaryExpression[operator="+"][left.type="Literal"][left.value=${PAGE_URL}]`, message: PAGE_URL_MESSAGE },
    ],
  },
};

export default defineConfig([
  {
    ignores: ['dist/**', 'node_modules/**', 'public/**', 'test-results/**', '.cache/**', 'data/**'],
  },
  {
    files: TYPESCRIPT,
    // ESLint's core set first: typescript-eslint's set that follows turns off the core rules the
    // type checker already covers (no-undef, no-redeclare, …) and replaces others with type-aware
    // versions, which it can only do by coming after.
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A loader refuses a request the react-router way: it throws `data(null, { status })`.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
            { from: 'lib', name: 'Response' },
          ],
        },
      ],
      // `_name` marks what a destructuring drops or a signature must accept (Express's error
      // handler is recognised by its four parameters).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // `async` on a function that implements a Promise-returning interface without awaiting
      // anything (the SQLite client, the in-process buses, test fakes) is what turns its throws
      // into rejections, which its callers handle; the rule would have it removed.
      '@typescript-eslint/require-await': 'off',
      // A library callback's error (typed `any` or `unknown` there) is passed on as it came.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // Express's types are extended the way @types/express documents: `declare global { namespace Express }`.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
    },
  },
  {
    files: TESTS,
    extends: [vitest.configs.recommended],
    rules: {
      // A test is skipped only under a condition that says why (`test.skipIf(…)`), never by hand.
      'vitest/no-disabled-tests': 'error',
      // What a test asserts through: `expect` and the helpers named `expect…` that call it,
      // fast-check's `fc.assert`, and Playwright's waits, which fail the test when the element or
      // the URL never comes.
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect*', '**.expect*', 'fc.assert', '**.waitFor', '**.waitForURL'] }],
      // vitest's `expect(value, message)` names the case that failed in a loop.
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      // supertest's `response.body` and parsed JSON are `any` by their types; a test reads them
      // to assert their shape with `expect`, which is the check these rules ask for.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // `expect(fake.method).toHaveBeenCalled…` passes a mock's method without calling it.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: TYPESCRIPT,
    plugins: { regexp },
    // Russian text: `а-я` is a range a reader knows (it leaves out `ё`, as the dates' month names do).
    settings: { regexp: { allowedCharacterRanges: ['alphanumeric', 'а-я', 'А-Я'] } },
    rules: {
      ...regexp.configs['flat/recommended'].rules,
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      // The code looks for control characters on purpose, to refuse them (paths, redirects, file names).
      'no-control-regex': 'off',
    },
  },
  {
    // Where React components and hooks live; a test helper called `useSomething` is not a hook.
    files: ['{server,shared,client}/**/*.{ts,tsx}'],
    ignores: TESTS,
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // An element built in a list without a `key` makes React re-create or mix up its siblings on
    // the next render. The one rule is taken from @eslint-react/eslint-plugin rather than
    // eslint-plugin-react's `react/jsx-key`: it supports ESLint 10 (eslint-plugin-react's peer
    // range stops at 9) and installs 18 packages on top of typescript-eslint, which it shares,
    // where eslint-plugin-react brings about 100 (its polyfills of array and object methods).
    files: ['**/*.tsx'],
    plugins: { '@eslint-react': eslintReact },
    rules: { '@eslint-react/no-missing-key': 'error' },
  },
  {
    // A function over 80 lines does several things: split it into named steps
    // (docs/decisions/042-features-over-a-platform.md). Components in `.tsx` and tests are exempt.
    files: ['**/*.ts'],
    ignores: [...TESTS],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  pageUrls,
]);
