import type { Infer } from 'superstruct';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { SuccessBlocks } from './successRequestWords.ts';

export interface SuccessRequestData {
  readonly words: PageWords<Infer<typeof SuccessBlocks>>;
}

export async function loader({ context }: PageLoaderArgs): Promise<SuccessRequestData> {
  return { words: await loadPageWords(context.content, 'success-request', SuccessBlocks) };
}
