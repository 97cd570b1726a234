import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords } from '../pageWords.ts';
import { ServicesBlocks } from './servicesWords.ts';

export type ServicesData = Awaited<ReturnType<typeof loader>>;

export async function loader({ context }: PageLoaderArgs) {
  const [words, tree] = await Promise.all([loadPageWords(context.content, 'services', ServicesBlocks), context.content.services()]);
  return { words, tree };
}
