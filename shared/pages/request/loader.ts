import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { readQueryParam } from '../../routes/queryParams.ts';
import { loadPageWords } from '../pageWords.ts';
import { RequestBlocks } from './requestWords.ts';

export type RequestData = Awaited<ReturnType<typeof loader>>;

export async function loader({ context, request }: PageLoaderArgs) {
  const words = await loadPageWords(context.content, 'request', RequestBlocks);
  // §3 `activeFormServiceType` carried by links from service pages.
  return { words, serviceType: readQueryParam('serviceType', new URL(request.url).searchParams.get('serviceType')) };
}
