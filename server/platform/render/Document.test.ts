import { expect, test } from 'vitest';
import { completeDocument } from './Document.tsx';

test("the inserts land after <head>, before </head> and before the document's own </body>", () => {
  // React escapes `<` in text: a text that mentions the tags cannot move where the inserts go.
  const rendered = Buffer.from('<!DOCTYPE html><html><head><title>Т</title></head><body><p>&lt;/body&gt; — «текст»</p></body></html>');
  const html = completeDocument(rendered, {
    head: '<meta charSet="utf-8"/>',
    styles: Buffer.from('<style>b{}</style>'),
    bodyEnd: '<script>s()</script>',
  });
  expect(html.toString('utf8')).toBe(
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Т</title><style>b{}</style></head><body><p>&lt;/body&gt; — «текст»</p><script>s()</script></body></html>',
  );
});

test('a render without a head or a body is an error, not a page without its styles and scripts', () => {
  const inserts = { head: '', styles: Buffer.from('<style></style>') };
  expect(() => completeDocument(Buffer.from('<p>fragment</p>'), inserts)).toThrow(/no <head>/);
  expect(() => completeDocument(Buffer.from('<html><head></head></html>'), inserts)).toThrow(/no <head>/);
});
