import type { PageMeta } from '../page-kit/pageModule.ts';
import type { PageWords } from './pageWords.ts';

/** The `<head>` of a page of words alone; apart from `pageWords.ts`, whose validation chunks must not carry (014). */
export function wordsMeta({ words }: { readonly words: PageWords<unknown> }): PageMeta {
  return { title: words.title, description: words.description };
}
