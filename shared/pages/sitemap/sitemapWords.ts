import { string, type } from 'superstruct';
import { TitledText } from '../blockStructs.ts';

/** The blocks of `pages/sitemap.json`, checked when the page loads (see `pageWords.ts`). */
export const SitemapBlocks = type({
  intro: TitledText,
  sections: type({ main: string(), services: string(), projects: string(), blog: string(), career: string(), documents: string() }),
});
