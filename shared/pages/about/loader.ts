import type { Infer } from 'superstruct';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { AboutBlocks } from './aboutWords.ts';

export interface AboutData {
  readonly words: PageWords<Infer<typeof AboutBlocks>>;
}

export async function loader({ context }: PageLoaderArgs): Promise<AboutData> {
  return { words: await loadPageWords(context.content, 'about', AboutBlocks) };
}
