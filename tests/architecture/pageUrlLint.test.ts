import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { expect, test } from 'vitest';
import { ROUTES } from '../../shared/routes/table.ts';

// The lint rule of eslint.config.js that keeps page URLs in shared/routes/links.ts: run through
// ESLint's own API with the project's configuration, on snippets placed where they would live.
// The snippets are no files of tsconfig.json's project, so the type-aware rules are off for them
// (typescript-eslint's own `disableTypeChecked`); every other rule of the project runs.

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..'), overrideConfig: tseslint.configs.disableTypeChecked });
const RULE = 'no-restricted-syntax';

async function pageUrlErrors(code: string, filePath = 'shared/blocks/Example.tsx'): Promise<number> {
  const [result] = await eslint.lintText(`export const build = (x: string) => {\n  void x;\n  return ${code};\n};\n`, { filePath });
  const messages = result?.messages ?? [];
  // Any other finding means the snippet itself is broken, and the count below would prove nothing.
  expect(
    messages.filter((message) => message.ruleId !== RULE),
    code,
  ).toEqual([]);
  return messages.filter((message) => message.ruleId === RULE && message.message.includes('href()')).length;
}

/** A route path written by hand: `:slug` and `*` filled from a variable, the way a page URL gets built outside the helpers. */
const handWritten = (routePath: string) => `\`${routePath.replace(/:\w+|\*/g, (token) => (token === '*' ? '${x}/' : '${x}'))}\``;

test('a hand-built URL of every route of the table is refused outside shared/routes/', async () => {
  const routes = ROUTES.filter((route) => route.path !== '/');
  expect(routes.length).toBeGreaterThan(10);
  for (const route of routes) expect(await pageUrlErrors(handWritten(route.path)), route.path).toBe(1);
});

test('the home page with a query or an anchor, and `+` concatenation, are refused too', async () => {
  expect(await pageUrlErrors('`/?element_anchor_id=${x}`')).toBe(1);
  expect(await pageUrlErrors('`/#${x}`')).toBe(1);
  expect(await pageUrlErrors("'/blog/' + x + '/'")).toBe(1);
  expect(await pageUrlErrors('`/services/${x}`', 'server/features/pages/routing/example.ts')).toBe(1);
  expect(await pageUrlErrors('`/material/blog/${x}/`', 'scripts/example.ts')).toBe(1);
});

test('shared/routes/ and the tests may write page URLs', async () => {
  expect(await pageUrlErrors('`/blog/${x}/`', 'shared/routes/example.ts')).toBe(0);
  expect(await pageUrlErrors('`/blog/${x}/`', 'shared/blocks/Example.test.tsx')).toBe(0);
});

test('paths that are not pages of the site are not page URLs', async () => {
  for (const code of [
    '`/api/forms/${x}`',
    '`/fonts/${x}`',
    '`/images/articles/${x}.png`',
    '`/builds/latest.json?timestamp=${x}`',
    '`/${x}`',
    '`${x}/blog/`',
    '`/blogs/${x}`',
    '`/servicesx/${x}`',
    "'/api/' + x",
  ])
    expect(await pageUrlErrors(code), code).toBe(0);
  // The content service's resource paths (its API, not the site) share some first segments.
  expect(await pageUrlErrors('`/services/${x}`', 'server/platform/content/client/example.ts')).toBe(0);
});
