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

test('trimming a very long run of slashes followed by another character is fast', () => {
  const hostile = `${'/'.repeat(200_000)}x`;
  const started = performance.now();
  expect(trimSlashes(hostile)).toBe('x');
  expect(performance.now() - started).toBeLessThan(1000);
});

test('hasExtension is true when the last segment has a dot followed by something', () => {
  expect(hasExtension('/fonts/manrope.woff2')).toBe(true);
  expect(hasExtension('/.well-known/x')).toBe(false);
  expect(hasExtension('/blog/')).toBe(false);
  expect(hasExtension('/a.')).toBe(false);
  expect(hasExtension('/a..')).toBe(true);
  expect(hasExtension('.gitkeep')).toBe(true);
});
