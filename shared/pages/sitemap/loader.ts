import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords, type WordsOf } from '../pageWords.ts';
import { buildSitemap, type SitemapNode } from './sitemapTree.ts';
import { SitemapBlocks } from './sitemapWords.ts';

export interface SitemapData {
  readonly words: WordsOf<typeof SitemapBlocks>;
  readonly tree: readonly SitemapNode[];
}

export async function loader({ context }: PageLoaderArgs): Promise<SitemapData> {
  const words = await loadPageWords(context.content, 'sitemap', SitemapBlocks);
  return { words, tree: await buildSitemap(context.content, words.blocks.sections) };
}
