import { wordsMeta } from '../wordsMeta.ts';

/** A confirmation is not a page to find in a search engine (§2 success/request). */
export const meta = wordsMeta;
