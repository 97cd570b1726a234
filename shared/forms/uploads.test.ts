import { expect, test } from 'vitest';
import { checkFiles, fileLimitText, formatSize, UPLOAD_MESSAGES } from './uploads.ts';

test('sizes are written in units of 1024 with a Russian decimal comma', () => {
  expect(formatSize(10 * 1024 * 1024)).toBe('10 МБ');
  expect(formatSize(1536)).toBe('1,5 КБ');
  expect(formatSize(512)).toBe('512 Б');
});

test('the browser-side check reports count, size and type in Russian', () => {
  const limits = { maxFiles: 2, maxFileBytes: 1024 };
  expect(checkFiles([{ name: 'a.pdf', size: 10 }], limits)).toBeUndefined();
  expect(
    checkFiles(
      [
        { name: 'a.pdf', size: 1 },
        { name: 'b.pdf', size: 1 },
        { name: 'c.pdf', size: 1 },
      ],
      limits,
    ),
  ).toBe('Maximum number of files exceeded, limit is 2 at most.');
  expect(checkFiles([{ name: 'big.pdf', size: 1025 }], limits)).toBe('Файл «big.pdf» больше допустимого размера 1 КБ');
  expect(checkFiles([{ name: 'virus.exe', size: 10 }], limits)).toBe(UPLOAD_MESSAGES.type('virus.exe'));
  expect(checkFiles([{ name: 'PHOTO.JPEG', size: 10 }], limits)).toBeUndefined();
});

test('the file field names its limit with the Russian plural of «файл»', () => {
  expect([1, 2, 5, 11, 21, 22, 25].map(fileLimitText)).toEqual([
    'Файл',
    'До 2 файлов, каждый',
    'До 5 файлов, каждый',
    'До 11 файлов, каждый',
    'До 21 файла, каждый',
    'До 22 файлов, каждый',
    'До 25 файлов, каждый',
  ]);
});
