import { expect, test } from 'vitest';
import { demoteHeadings } from './demoteHeadings.ts';

test('headings of a body shown under its own heading move one level down', () => {
  expect(demoteHeadings('<h2 id="a">Цели</h2><p>h2</p><h3>Сроки</h3>')).toBe('<h3 id="a">Цели</h3><p>h2</p><h4>Сроки</h4>');
  expect(demoteHeadings('<h6>x</h6><header>y</header>')).toBe('<h6>x</h6><header>y</header>');
});
