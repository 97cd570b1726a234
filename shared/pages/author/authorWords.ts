import { string, type } from 'superstruct';

/** The blocks of `pages/author.json`, checked when the page loads (see `pageWords.ts`). */
export const BlogWords = type({ intro: type({ title: string() }) });
