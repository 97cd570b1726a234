/** Page numbers for a pager: first, last, two around the current, `null` for a gap; all for a few pages. */
export function pageWindow(current: number, pageCount: number): readonly (number | null)[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const pages = new Set([1, pageCount, current - 1, current, current + 1].filter((page) => page >= 1 && page <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const page of sorted) {
    const previous = result.at(-1);
    if (typeof previous === 'number' && page - previous > 1) result.push(page - previous === 2 ? previous + 1 : null);
    result.push(page);
  }
  return result;
}

/** The URL of page `page` of a list at `basePath`; page 1 is the list itself (one canonical URL). */
export function pageHref(basePath: string, page: number): string {
  return page <= 1 ? basePath : `${basePath}?page=${page}`;
}
