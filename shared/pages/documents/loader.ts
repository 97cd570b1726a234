import type { LegalDocument } from '../../content/contentApi.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords } from '../pageWords.ts';
import { DocumentsBlocks } from './documentsWords.ts';

export type DocumentsData = Awaited<ReturnType<typeof loader>>;

export async function loader({ context }: PageLoaderArgs) {
  const [words, summaries] = await Promise.all([loadPageWords(context.content, 'documents', DocumentsBlocks), context.content.documents()]);
  const documents = (await Promise.all(summaries.map((summary) => context.content.document(summary.slug)))).filter(
    (document): document is LegalDocument => document !== null,
  );
  return { words, documents };
}
