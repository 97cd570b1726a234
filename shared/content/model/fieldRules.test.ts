import { create, StructError } from 'superstruct';
import { expect, test } from 'vitest';
import { IsoDate } from './fieldRules.ts';

test('a content date is a real calendar day written YYYY-MM-DD', () => {
  for (const real of ['2026-11-26', '2024-02-29', '2026-12-31']) expect(create(real, IsoDate)).toBe(real);
  for (const unreal of ['2026-02-30', '2025-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '26-11-2026', '2026-11-26T10:00:00Z']) {
    expect(() => create(unreal, IsoDate), unreal).toThrow(StructError);
  }
});
