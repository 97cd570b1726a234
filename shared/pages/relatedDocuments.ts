/** Related documents under an article or a case study: one row of the three-column card grid. */
export const RELATED_IN_A_ROW = 3;

/** The first row of `candidates` other than the page's own document `self`. */
export function relatedTo<Item extends { readonly slug: string }>(self: { readonly slug: string }, candidates: readonly Item[]): Item[] {
  return candidates.filter((item) => item.slug !== self.slug).slice(0, RELATED_IN_A_ROW);
}
