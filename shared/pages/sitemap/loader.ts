import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords } from '../pageWords.ts';
import { buildSitemap } from './sitemapTree.ts';
import { SitemapBlocks } from './sitemapWords.ts';

export type SitemapData = Awaited<ReturnType<typeof loader>>;

export async function loader({ context }: PageLoaderArgs) {
  const words = await loadPageWords(context.content, 'sitemap', SitemapBlocks);
  return { words, tree: await buildSitemap(context.content, words.blocks.sections) };
}
