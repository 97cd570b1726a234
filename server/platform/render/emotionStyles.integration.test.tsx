import { CacheProvider, css, Global, keyframes } from '@emotion/react';
import { renderToString } from 'react-dom/server';
import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { completeDocument } from './Document.tsx';
import { classNamesIn, createRenderStyles, type RenderStyles } from './emotionStyles.ts';

const spin = keyframes({ to: { transform: 'rotate(1turn)' } });
const header = css({ color: 'red' });
const arrow = css({ '&::after': { content: '"→"' }, animation: `${spin} 1s` });
const list = css({ '& > *': { margin: 0 } });

/** The document with the render's sheet at the end of its head, as the page handler writes it. */
const withSheet = (styles: RenderStyles, html: Buffer) =>
  completeDocument(html, { head: '', styles: styles.sheetOf(html).tags }).toString('utf8');

function page(styles = createRenderStyles()) {
  const body = renderToString(
    <CacheProvider value={styles.cache}>
      <Global styles={{ body: { margin: 0 } }} />
      <header css={header}>
        <p css={arrow}>Привет</p>
        <ul css={list} />
      </header>
    </CacheProvider>,
  );
  const html = Buffer.from(
    `<!DOCTYPE html><html lang="ru"><head><title>Верфь — «студия»</title></head><body><div id="app">${body}</div></body></html>`,
  );
  return withSheet(styles, html);
}

test("the render writes no style into the markup; Emotion's rules end <head>, globals first, then one sheet of classes in render order", () => {
  const html = page();
  const [head = '', body = ''] = html.split('</head>');
  expect(body).not.toContain('<style');
  expect(html.match(/<style data-emotion-adopted="css /g)).toHaveLength(1);
  const classes = /<style data-emotion-adopted="css ([^"]+)">([^<]*)<\/style>$/.exec(head);
  // The keyframes join the class sheet, as in Emotion's own inline tags: the browser's cache adopts them there.
  expect(classes?.[1]?.split(' ')).toHaveLength(4);
  expect(classes?.[1]).toMatch(/^animation-[\w-]+ /);
  const rules = classes?.[2] ?? '';
  const order = [/\.css-[\w-]+\{color:red;?\}/, /\.css-[\w-]+::after\{content:"→";?\}/, /\.css-[\w-]+>\*\{margin:0;?\}/].map((rule) =>
    rules.search(rule),
  );
  expect(order.every((at) => at >= 0)).toBe(true);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  // The global style comes as Emotion's own global tag, before the classes.
  expect(head).toMatch(
    /<title>Верфь — «студия»<\/title><style data-s="" data-emotion="css-global [\w-]+">body\{margin:0;?\}<\/style><style data-emotion-adopted="css animation-/,
  );
  expect(rules).toMatch(/^@(?:-webkit-)?keyframes animation-[\w-]+\{/);
  expect(body).toContain('<p class="css-');
});

test('UTF-8 in the document and in the rules survives (the document is searched as bytes)', () => {
  const html = page();
  expect(html).toContain('<title>Верфь — «студия»</title>');
  expect(html).toContain('content:"→"');
  expect(html).toContain('>Привет</p>');
});

test('a rule the finished HTML does not use is left out', () => {
  const styles = createRenderStyles();
  renderToString(
    <CacheProvider value={styles.cache}>
      <i css={{ color: 'blue' }} />
    </CacheProvider>,
  );
  const html = withSheet(styles, Buffer.from('<html><head></head><body><p>x</p></body></html>'));
  expect(html).toBe('<html><head></head><body><p>x</p></body></html>');
});

test("class names are found as @emotion/server's own scan finds them", () => {
  const html = 'x<p class="css-abc-Label_1 css-q">css- css-é mycss-z css-css-y ссss-no css-9</p>css-end';
  const emotionScan = new Set([...html.matchAll(/css-([\w-]+)/g)].map((match) => match[1]));
  expect(classNamesIn(Buffer.from(html), 'css-')).toEqual(emotionScan);
  expect([...emotionScan]).toEqual(['abc-Label_1', 'q', 'z', 'css-y', '9', 'end']);
});

test('a page of the site has every Emotion rule in <head>: one sheet of classes, none in the body', async () => {
  const { app } = await createTestApp();
  const { text } = await request(app).get('/');
  const [head = '', body = ''] = text.split('</head>');
  expect(body).not.toContain('data-emotion');
  expect(head.match(/<style data-emotion-adopted="css /g)).toHaveLength(1);
  // Every class the body uses has its rule in that sheet (`css-0` is Emotion's class for no style).
  const sheet = /<style data-emotion-adopted="css ([^"]+)">/.exec(head)?.[1]?.split(' ') ?? [];
  const used = new Set([...body.matchAll(/\bcss-([a-z0-9]+)\b/g)].map((match) => match[1]));
  expect(used.size).toBeGreaterThan(20);
  expect([...used].filter((name) => name !== undefined && name !== '0' && !sheet.includes(name))).toEqual([]);
});

test('each render gets the sheet of its own rules: the same rules the same tags, other rules other tags', () => {
  const render = (element: React.ReactNode) => {
    const styles = createRenderStyles();
    const body = renderToString(<CacheProvider value={styles.cache}>{element}</CacheProvider>);
    return withSheet(styles, Buffer.from(`<html><head></head><body>${body}</body></html>`));
  };
  const first = render(<b css={{ color: 'teal' }} />);
  expect(render(<b css={{ color: 'teal' }} />)).toBe(first);
  const other = render(<b css={{ color: 'navy' }} />);
  expect(other).toMatch(/<style data-emotion-adopted="css [\w-]+">\.css-[\w-]+\{color:navy;?\}<\/style><\/head>/);
  expect(other).not.toContain('teal');
  const both = render(
    <>
      <b css={{ color: 'teal' }} />
      <i css={{ color: 'navy' }} />
    </>,
  );
  expect(both).toMatch(/<style data-emotion-adopted="css [\w-]+ [\w-]+">\.css-[\w-]+\{color:teal;?\}\.css-[\w-]+\{color:navy;?\}<\/style>/);
});
