import type { PageMeta } from '../../page-kit/pageModule.ts';
import type { SuccessRequestData } from './loader.ts';

/** A confirmation is not a page to find in a search engine (§2 success/request). */
export function meta({ words }: SuccessRequestData): PageMeta {
  return { title: words.title, description: words.description };
}
