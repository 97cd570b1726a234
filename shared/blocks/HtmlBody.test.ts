import { expect, test } from 'vitest';
import { withScrollingTables } from './HtmlBody.tsx';

test('a body without tables is left as it is', () => {
  expect(withScrollingTables('<p>Текст</p>')).toBe('<p>Текст</p>');
});

test('a table scrolls in a focusable region named «Таблица»', () => {
  expect(withScrollingTables('<p>a</p><table><tr><td>1</td></tr></table><p>b</p>')).toBe(
    '<p>a</p><div data-table-scroll role="region" tabindex="0" aria-label="Таблица"><table><tr><td>1</td></tr></table></div><p>b</p>',
  );
});

test("several tables are numbered, after the body's title, escaped", () => {
  const html = withScrollingTables('<table></table><table></table>', 'Политика «cookie» & "прочее"');
  expect(html).toContain('aria-label="Таблица 1 — Политика «cookie» &amp; &quot;прочее&quot;"');
  expect(html).toContain('aria-label="Таблица 2 — Политика «cookie» &amp; &quot;прочее&quot;"');
  expect(html.match(/<\/table><\/div>/g)).toHaveLength(2);
});
