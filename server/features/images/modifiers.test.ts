import { expect, test } from 'vitest';
import { negotiateFormat } from './modifiers.ts';

const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const SAFARI =
  'image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,video/*;q=0.8,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5';

test('format auto prefers AVIF to WebP whatever order the browser names them in', () => {
  expect(negotiateFormat('auto', CHROME)).toBe('avif');
  expect(negotiateFormat('auto', SAFARI)).toBe('avif');
  expect(negotiateFormat('auto', 'IMAGE/WEBP, image/png')).toBe('webp');
});

test('a wildcard is not taken as support for AVIF or WebP, and no header means JPEG', () => {
  expect(negotiateFormat('auto', 'image/png,image/*;q=0.8,*/*;q=0.5')).toBe('jpeg');
  expect(negotiateFormat('auto', '*/*')).toBe('jpeg');
  expect(negotiateFormat('auto', undefined)).toBe('jpeg');
  expect(negotiateFormat('auto', 'not a media type')).toBe('jpeg');
});

test('a format named with q=0 is refused, not chosen', () => {
  expect(negotiateFormat('auto', 'image/avif;q=0, image/webp')).toBe('webp');
  expect(negotiateFormat('auto', 'image/avif;q=0, image/webp;q=0.0, */*')).toBe('jpeg');
});

test('an explicit format is kept whatever the browser accepts', () => {
  expect(negotiateFormat('png', CHROME)).toBe('png');
  expect(negotiateFormat('avif', '*/*')).toBe('avif');
});
