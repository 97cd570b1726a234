import { expect, test } from 'vitest';
import { hasExtension, trimEnd, trimSlashes, trimStart } from './trim.ts';

test('trimEnd and trimStart remove runs of the given characters from one end only', () => {
  expect(trimEnd('https://example.ru///', '/')).toBe('https://example.ru');
  expect(trimEnd('Конец, — ', ' ,.:;—-')).toBe('Конец');
  expect(trimStart('//a/b/', '/')).toBe('a/b/');
  expect(trimEnd('////', '/')).toBe('');
});

test('trimSlashes removes slashes at both ends and keeps inner ones', () => {
  expect(trimSlashes('/prodvizhenie/seo/')).toBe('prodvizhenie/seo');
  expect(trimSlashes('a//b')).toBe('a//b');
});

test('trimming a very long run of slashes followed by another character ends', () => {
  // A million slashes: a linear trim takes milliseconds; a backtracking pattern's quadratic 10^12
  // steps would outlast the test's timeout by hours, so finishing at all is the check, on any machine.
  const hostile = `${'/'.repeat(1_000_000)}x`;
  expect(trimSlashes(hostile)).toBe('x');
});

test('hasExtension is true when the last segment has a dot followed by something', () => {
  expect(hasExtension('/fonts/manrope.woff2')).toBe(true);
  expect(hasExtension('/.well-known/x')).toBe(false);
  expect(hasExtension('/blog/')).toBe(false);
  expect(hasExtension('/a.')).toBe(false);
  expect(hasExtension('/a..')).toBe(true);
  expect(hasExtension('.gitkeep')).toBe(true);
});
