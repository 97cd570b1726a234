/**
 * Caches kept outside the content client of what content says (the per-path redirect lookups):
 * each registers how it is emptied, and every revalidation empties them all with the content
 * cache (`applyRevalidation.ts`), so what a CMS publishes is followed at once, not after
 * whatever lifetime such a cache has (that lifetime is CONTENT_CACHE_TTL_MS too).
 */
export class DerivedCaches {
  readonly #clears: (() => void)[] = [];

  register(clear: () => void): void {
    this.#clears.push(clear);
  }

  clearAll(): void {
    for (const clear of this.#clears) clear();
  }
}
