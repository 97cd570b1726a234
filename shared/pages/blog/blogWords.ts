import { string, type } from 'superstruct';
import { Anchored, TitledText } from '../blockStructs.ts';

/** The blocks of `pages/blog.json`, checked when the page loads (see `pageWords.ts`). */
export const BlogBlocks = type({ intro: TitledText, filters: type({ title: string(), allLabel: string() }), subscribe: Anchored });
