import type { ServiceNode } from '../../content/contentApi.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords, type WordsOf } from '../pageWords.ts';
import { ServicesBlocks } from './servicesWords.ts';

export interface ServicesData {
  readonly words: WordsOf<typeof ServicesBlocks>;
  readonly tree: readonly ServiceNode[];
}

export async function loader({ context }: PageLoaderArgs): Promise<ServicesData> {
  const [words, tree] = await Promise.all([loadPageWords(context.content, 'services', ServicesBlocks), context.content.services()]);
  return { words, tree };
}
