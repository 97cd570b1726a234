import type { Infer } from 'superstruct';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { readQueryParam } from '../../routes/queryParams.ts';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { RequestBlocks } from './requestWords.ts';

export interface RequestData {
  readonly words: PageWords<Infer<typeof RequestBlocks>>;
  /** §3 `activeFormServiceType` carried by links from service pages (`?serviceType=…`). */
  readonly serviceType: string | null;
  readonly email: string;
}

export async function loader({ context, request }: PageLoaderArgs): Promise<RequestData> {
  const preset = new URL(request.url).searchParams.get('serviceType');
  const [words, agency] = await Promise.all([loadPageWords(context.content, 'request', RequestBlocks), context.content.agency()]);
  const serviceType = readQueryParam('serviceType', preset);
  return { words, serviceType, email: agency.emails.collaboration };
}
