/** Caches derived from content (the per-path redirect lookups), each emptied with the content cache on a revalidation. */
export class DerivedCaches {
  readonly #clears: (() => void)[] = [];

  register(clear: () => void): void {
    this.#clears.push(clear);
  }

  clearAll(): void {
    for (const clear of this.#clears) clear();
  }
}
