import type { Infer } from 'superstruct';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { SubscribeBlocks } from './subscribeWords.ts';

export interface SubscribeData {
  readonly words: PageWords<Infer<typeof SubscribeBlocks>>;
}

export async function loader({ context }: PageLoaderArgs): Promise<SubscribeData> {
  return { words: await loadPageWords(context.content, 'subscribe', SubscribeBlocks) };
}
