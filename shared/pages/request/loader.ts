import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { readQueryParam } from '../../routes/queryParams.ts';
import { loadPageWords, type WordsOf } from '../pageWords.ts';
import { RequestBlocks } from './requestWords.ts';

export interface RequestData {
  readonly words: WordsOf<typeof RequestBlocks>;
  /** §3 `activeFormServiceType` carried by links from service pages (`?serviceType=…`). */
  readonly serviceType: string | null;
}

export async function loader({ context, request }: PageLoaderArgs): Promise<RequestData> {
  const words = await loadPageWords(context.content, 'request', RequestBlocks);
  return { words, serviceType: readQueryParam('serviceType', new URL(request.url).searchParams.get('serviceType')) };
}
