import { expect, test } from 'vitest';
import type { UploadUsage } from '../store.ts';
import { refusalFor, roomFor } from './uploadBudget.ts';

const MIB = 1024 * 1024;
const limits = {
  uploadQuotaBytes: 100 * MIB,
  clientUploadBytes: 4 * MIB,
  clientUploadFiles: 3,
  rateWindowMs: 600_000,
  maxFiles: 5,
  maxFileBytes: 1 * MIB,
};
const usage = (over: Partial<UploadUsage> = {}): UploadUsage => ({
  storedBytes: 0,
  recentBytes: 0,
  recentFiles: 0,
  totalBytes: 0,
  own: { bytes: 0, files: 0 },
  ...over,
});

test('what other requests hold counts like what is stored: the room left is the smallest of the three limits', () => {
  expect(roomFor(usage(), limits)).toBe(4 * MIB);
  expect(roomFor(usage({ recentBytes: 3 * MIB, storedBytes: 3 * MIB, totalBytes: 3 * MIB }), limits)).toBe(1 * MIB);
  // The client's share of the quota (a tenth: 10 MiB) binds before its window's budget when it kept older files.
  expect(roomFor(usage({ storedBytes: 9.5 * MIB, totalBytes: 9.5 * MIB }), limits)).toBe(0.5 * MIB);
  expect(roomFor(usage({ totalBytes: 99 * MIB }), limits)).toBe(1 * MIB);
});

test('a request is refused by the client budget for its bytes or files, by the quota for the site space', () => {
  expect(refusalFor(usage({ recentBytes: 3 * MIB }), 1 * MIB, 1, limits)).toBeUndefined();
  expect(refusalFor(usage({ recentBytes: 3 * MIB }), 1 * MIB + 1, 1, limits)).toBe('client budget');
  expect(refusalFor(usage({ recentFiles: 2 }), 10, 2, limits)).toBe('client budget');
  expect(refusalFor(usage({ totalBytes: 100 * MIB - 10 }), 11, 1, limits)).toBe('quota');
});
