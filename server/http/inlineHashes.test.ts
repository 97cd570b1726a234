import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { inlineHashesOf } from './inlineHashes.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

test('inline scripts and style elements are hashed over their exact text; external scripts and JSON-LD are not', () => {
  const html = Buffer.from(
    '<html><head><style data-emotion="css a">.a{color:red}</style><script type="application/ld+json">{"@type":"Thing"}</script>' +
      '<link rel="modulepreload" href="/assets/entry.js"></head><body><p>«Верфь» &lt;script&gt;</p>' +
      '<script>window.data=JSON.parse(\'{"город":"Екатеринбург"}\');</script><script type="module" src="/assets/x.js"></script>' +
      '<script>import("/assets/entry.js")</script><style>@font-face{font-family:M}</style><styles>no</styles></body></html>',
  );
  const hashes = inlineHashesOf(html);
  expect(hashes.scripts).toEqual([sha256('window.data=JSON.parse(\'{"город":"Екатеринбург"}\');'), sha256('import("/assets/entry.js")')]);
  expect(hashes.styles).toEqual([sha256('.a{color:red}'), sha256('@font-face{font-family:M}')]);
});

test('a document without inline content needs no hashes', () => {
  expect(inlineHashesOf(Buffer.from('<!doctype html><p>текст</p><script src="/a.js"></script>'))).toEqual({ scripts: [], styles: [] });
  expect(inlineHashesOf(Buffer.alloc(0))).toEqual({ scripts: [], styles: [] });
});
