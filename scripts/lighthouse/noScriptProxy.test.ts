import { expect, test } from 'vitest';
import { withoutScripts } from './noScriptProxy.ts';

test('the no-script version of a page keeps everything but its scripts and module preloads', () => {
  const page = [
    '<!DOCTYPE html><html lang="ru"><head>',
    '<link rel="stylesheet" href="/assets/a.css"/><link rel="modulepreload" href="/assets/entry-1.js"/>',
    '<link rel="preload" as="font" href="/fonts/m.woff2" crossorigin=""/>',
    '<script type="application/ld+json">{"@type":"Organization"}</script>',
    '</head><body><main><h1>Верфь</h1></main>',
    '<script nonce="x">window.__data = JSON.parse(\'{}\')</script><script type="module" src="/assets/entry-1.js"></script>',
    '</body></html>',
  ].join('');
  expect(withoutScripts(page)).toBe(
    [
      '<!DOCTYPE html><html lang="ru"><head>',
      '<link rel="stylesheet" href="/assets/a.css"/>',
      '<link rel="preload" as="font" href="/fonts/m.woff2" crossorigin=""/>',
      '</head><body><main><h1>Верфь</h1></main>',
      '</body></html>',
    ].join(''),
  );
});

test('a page without scripts is left as it is, and an unclosed script drops the rest', () => {
  expect(withoutScripts('<p>text</p>')).toBe('<p>text</p>');
  expect(withoutScripts('<p>a</p><script>never closed')).toBe('<p>a</p>');
});
