import type { PageMeta } from '../page-kit/pageModule.ts';
import type { PageWords } from './pageWords.ts';

/**
 * The `<head>` of a page that says no more than its words from the content service. A module of
 * its own: `pageWords.ts` holds the loader's validation, which page chunks must not carry
 * (docs/decisions/014).
 */
export function wordsMeta({ words }: { readonly words: PageWords<unknown> }): PageMeta {
  return { title: words.title, description: words.description };
}
