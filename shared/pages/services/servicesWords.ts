import { type } from 'superstruct';
import { TitledItems, TitledText } from '../blockStructs.ts';

/** The blocks of `pages/services.json`, checked when the page loads (see `pageWords.ts`). */
export const ServicesBlocks = type({ intro: TitledText, approach: TitledItems, cta: TitledText });
