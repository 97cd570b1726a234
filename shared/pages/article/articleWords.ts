import { string, type } from 'superstruct';
import { Anchored } from '../blockStructs.ts';

/** The blocks of `pages/article.json`, checked when the page loads (see `pageWords.ts`). */
export const BlogWords = type({ intro: type({ title: string() }), subscribe: Anchored });
