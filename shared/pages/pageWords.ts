import { data } from 'react-router';
import { StructError, validate, type Struct } from 'superstruct';
import type { ContentApi, PageName } from '../content/contentApi.ts';
import type { PageLoaderArgs } from '../page-kit/pageModule.ts';

/** The words of one page: title and description for `<head>`, and its blocks, narrowed. */
export interface PageWords<Blocks> {
  readonly title: string;
  readonly description: string;
  readonly blocks: Blocks;
}

/** The loader of a page that shows its words alone. */
export function wordsLoader<Blocks>(name: PageName, blocks: Struct<Blocks, unknown>) {
  return async ({ context }: PageLoaderArgs): Promise<{ readonly words: PageWords<Blocks> }> => ({
    words: await loadPageWords(context.content, name, blocks),
  });
}

/** A page's words, its blocks checked against its schema so a seed edit fails here; no words is a 404. */
export async function loadPageWords<Blocks>(
  content: ContentApi,
  name: PageName,
  blocks: Struct<Blocks, unknown>,
): Promise<PageWords<Blocks>> {
  const page = await content.page(name);
  if (page === null) throw data(null, { status: 404 });
  // The client hands out the same object until it refreshes: each page is checked once (seen in profiles).
  const known = checkedBlocks.get(page.blocks);
  if (known?.schema === blocks) return { title: page.title, description: page.description, blocks: known.value as Blocks };
  const [error, checked] = validate(page.blocks, blocks, { coerce: true });
  if (error) throw new PageWordsError(name, error);
  checkedBlocks.set(page.blocks, { schema: blocks, value: checked });
  return { title: page.title, description: page.description, blocks: checked };
}

const checkedBlocks = new WeakMap<object, { readonly schema: object; readonly value: unknown }>();

export class PageWordsError extends Error {
  override name = 'PageWordsError';

  constructor(page: PageName, cause: StructError) {
    const field = cause.path.length > 0 ? cause.path.join('.') : '(blocks)';
    super(`pages/${page}.json: blocks.${field}: ${cause.message}`, { cause });
  }
}
