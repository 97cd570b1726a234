import { MAX_PAGE_NUMBER } from '../content/contentApi.ts';
import { notFound } from '../page-kit/guards.ts';

/** Articles per page of the blog, the author page and tag pages: three rows of three. */
export const ARTICLES_PER_PAGE = 9;

/** The `?page=N` of a list: absent is page 1; anything but a whole positive number, or past the end, is a 404. */
export function pageNumberOf(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page');
  if (raw === null) return 1;
  // Past the service's last page number is past any list's end: a 404, not a refused query (503).
  if (!/^[1-9]\d{0,4}$/.test(raw) || Number(raw) > MAX_PAGE_NUMBER) notFound();
  return Number(raw);
}

/** A page past the end of the list is a 404 (page 1 of an empty list is an empty page). */
export function requirePageInRange(page: number, pageCount: number): void {
  if (page > 1 && page > pageCount) notFound();
}
