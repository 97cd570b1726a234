/** §2 "The projects menu shows the first 6 industries in one column and the rest in another". */
export const INDUSTRIES_IN_FIRST_COLUMN = 6;

export function industryColumns<T>(industries: readonly T[]): readonly [readonly T[], readonly T[]] {
  return [industries.slice(0, INDUSTRIES_IN_FIRST_COLUMN), industries.slice(INDUSTRIES_IN_FIRST_COLUMN)];
}
