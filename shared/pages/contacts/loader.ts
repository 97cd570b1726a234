import type { Office } from '../../content/contentApi.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords, type WordsOf } from '../pageWords.ts';
import { ContactsBlocks } from './contactsWords.ts';

export interface ContactsData {
  readonly words: WordsOf<typeof ContactsBlocks>;
  readonly offices: readonly Office[];
}

export async function loader({ context }: PageLoaderArgs): Promise<ContactsData> {
  const [words, agency] = await Promise.all([loadPageWords(context.content, 'contacts', ContactsBlocks), context.content.agency()]);
  return { words, offices: agency.offices };
}
