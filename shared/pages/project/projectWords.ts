import { string, type } from 'superstruct';
import { TitledText } from '../blockStructs.ts';

/** The blocks of `pages/project.json`, checked when the page loads (see `pageWords.ts`). */
export const ProjectsWords = type({ intro: type({ title: string() }), cta: TitledText });
