import { array, string, type } from 'superstruct';
import { TitledText } from '../blockStructs.ts';

/** The blocks of `pages/documents.json`, checked when the page loads (see `pageWords.ts`). */
export const DocumentsBlocks = type({
  intro: TitledText,
  list: type({ title: string(), items: array(type({ slug: string(), text: string() })) }),
  operator: TitledText,
});
