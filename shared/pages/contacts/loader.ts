import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords } from '../pageWords.ts';
import { ContactsBlocks } from './contactsWords.ts';

export type ContactsData = Awaited<ReturnType<typeof loader>>;

export async function loader({ context }: PageLoaderArgs) {
  const [words, agency] = await Promise.all([loadPageWords(context.content, 'contacts', ContactsBlocks), context.content.agency()]);
  return { words, offices: agency.offices };
}
