import { string, type } from 'superstruct';
import { TitledText } from '../blockStructs.ts';

/** The blocks of `pages/projects.json`, checked when the page loads (see `pageWords.ts`). */
export const ProjectsBlocks = type({
  intro: TitledText,
  filters: type({ title: string(), allLabel: string() }),
  specializations: TitledText,
  cta: TitledText,
});
