import { expect, test } from 'vitest';
import { hoistEmotionStyles } from './hoistEmotionStyles.ts';

const page = [
  '<!DOCTYPE html><html lang="ru"><head><title>Т</title></head><body><div id="app">',
  '<style data-emotion="css-global g1" nonce="n0nce">body{margin:0}</style>',
  '<style nonce="n0nce">@font-face{font-family:X}</style>',
  '<style data-emotion="css a1" nonce="n0nce">.css-a1{color:red}</style><header class="css-a1">',
  '<style data-emotion="css b2 animation-k3" nonce="n0nce">@keyframes animation-k3{}.css-b2{animation:animation-k3}</style><p class="css-b2">x</p>',
  '<style data-emotion="css c4" nonce="n0nce">.css-c4 > *{margin:0}</style><ul class="css-c4"></ul></header></div></body></html>',
].join('');

test('Emotion\'s rules move into one sheet at the end of <head>, in the order they were written', () => {
  const html = hoistEmotionStyles(page);
  expect(html).toContain('<title>Т</title><style data-emotion="css a1 b2 animation-k3 c4" nonce="n0nce">.css-a1{color:red}@keyframes animation-k3{}.css-b2{animation:animation-k3}.css-c4 > *{margin:0}</style></head>');
  expect(html.match(/data-emotion="css /g)).toHaveLength(1);
  expect(html).toContain('<header class="css-a1"><p class="css-b2">x</p><ul class="css-c4"></ul></header>');
});

test('global styles and plain style tags stay where React put them', () => {
  const html = hoistEmotionStyles(page);
  expect(html).toContain('<div id="app"><style data-emotion="css-global g1" nonce="n0nce">body{margin:0}</style><style nonce="n0nce">@font-face{font-family:X}</style>');
});

test('a page without Emotion styles, or without a head, is left as it is', () => {
  const plain = '<!DOCTYPE html><html><head></head><body><p>x</p></body></html>';
  expect(hoistEmotionStyles(plain)).toBe(plain);
  expect(hoistEmotionStyles('<p>fragment</p>')).toBe('<p>fragment</p>');
});

test('without a nonce the joined tag has none either', () => {
  const html = hoistEmotionStyles('<html><head></head><body><style data-emotion="css z9">.css-z9{}</style></body></html>');
  expect(html).toBe('<html><head><style data-emotion="css z9">.css-z9{}</style></head><body></body></html>');
});

test('UTF-8 text survives a pass over the document\'s bytes read as latin1 (how the page handler calls it)', () => {
  const utf8 = Buffer.from('<html><head><title>Верфь — «студия»</title></head><body><style data-emotion="css q1">.css-q1::after{content:"→"}</style><p>Привет</p></body></html>');
  const out = Buffer.from(hoistEmotionStyles(utf8.toString('latin1')), 'latin1').toString('utf8');
  expect(out).toBe('<html><head><title>Верфь — «студия»</title><style data-emotion="css q1">.css-q1::after{content:"→"}</style></head><body><p>Привет</p></body></html>');
});
