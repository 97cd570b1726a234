import { expect, test } from 'vitest';
import { ERROR_TEXTS } from '../../../shared/app/ErrorPage.tsx';
import { renderErrorPage, renderPlainPage } from './errorPage.tsx';

const headOf = (html: string) => html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
const bodyOf = (html: string) => html.slice(html.indexOf('<body>'));

test('the plain error page is the app error page: its texts, its title and robots tag in the head, a plain link home', () => {
  const html = renderErrorPage({ title: ERROR_TEXTS.appErrorTitle, hint: ERROR_TEXTS.appErrorHint });
  expect(html.startsWith('<!doctype html><html lang="ru"><head>')).toBe(true);
  expect(headOf(html)).toContain('<title>Ошибка приложения</title>');
  expect(headOf(html)).toContain('<meta name="robots" content="noindex"/>');
  expect(headOf(html)).toContain('<meta name="description" content="Произошла ошибка. Повторите попытку позже"/>');
  expect(bodyOf(html)).toContain(
    '<main><section aria-labelledby="error-title"><h1 id="error-title">Ошибка приложения</h1>' +
      '<p>Произошла ошибка. Повторите попытку позже</p><a href="/">Перейти на главную</a></section></main>',
  );
});

test('the canonical link goes into the head, escaped; each request gets its own', () => {
  const first = renderErrorPage({ title: 'Некорректный запрос', hint: 'Проверьте адрес.', canonicalUrl: "https://verf.test/a/?x=1&y='2'" });
  const second = renderErrorPage({ title: 'Некорректный запрос', hint: 'Проверьте адрес.', canonicalUrl: 'https://verf.test/b/' });
  expect(headOf(first)).toContain('<link rel="canonical" href="https://verf.test/a/?x=1&amp;y=&#39;2&#39;">');
  expect(second).toContain('<link rel="canonical" href="https://verf.test/b/">');
  expect(second).not.toContain('https://verf.test/a/');
  expect(renderErrorPage({ title: 'Некорректный запрос', hint: 'Проверьте адрес.' })).not.toContain('rel="canonical"');
});

test('text on a plain page is escaped by React, never markup', () => {
  const html = renderPlainPage(<p>{'<script>alert(1)</script>'}</p>);
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).not.toContain('<script>');
});
