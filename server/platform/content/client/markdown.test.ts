import { expect, test } from 'vitest';
import { renderMarkdown } from './markdown.ts';

test('Markdown headings, lists and emphasis become HTML', () => {
  const html = renderMarkdown('## Задача\n\n- **быстро**\n- недорого\n');
  expect(html).toContain('<h2>Задача</h2>');
  expect(html).toContain('<li><strong>быстро</strong></li>');
});

test('raw HTML in Markdown is escaped, never passed through', () => {
  const html = renderMarkdown('Текст <script>alert(1)</script>\n\n<iframe src="https://evil.example"></iframe>\n');
  expect(html).not.toContain('<script');
  expect(html).not.toContain('<iframe');
  expect(html).toContain('&lt;script&gt;');
});

test('javascript: links lose their link and keep their text', () => {
  const html = renderMarkdown('[нажми](javascript:alert(1))');
  expect(html).not.toContain('href');
  expect(html).toContain('нажми');
});

test('site links stay in the tab, external links open a new one without referrer', () => {
  expect(renderMarkdown('[услуги](/services/)')).toContain('<a href="/services/">услуги</a>');
  expect(renderMarkdown('[ВК](https://vk.com/)')).toContain('<a href="https://vk.com/" target="_blank" rel="noopener noreferrer">');
});

test.each([['/\\evil.example'], ['//evil.example'], ['/.//evil.example'], ['/%2e//evil.example'], ['/a/..//evil.example']])(
  'a Markdown link %j that a browser would follow to another host loses its link',
  (target) => {
    const html = renderMarkdown(`[сайт](${target})`);
    expect(html).not.toContain('href');
    expect(html).toContain('сайт');
  },
);

test('a Markdown link to a site path keeps the path, dot segments resolved', () => {
  expect(renderMarkdown('[блог](/blog/./rust/)')).toContain('<a href="/blog/rust/">блог</a>');
});
