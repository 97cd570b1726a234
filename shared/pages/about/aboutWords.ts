import { array, number, string, type } from 'superstruct';
import { StagedItems, Stats, TitledItems, TitledText } from '../blockStructs.ts';

/** The blocks of `pages/about.json`, checked when the page loads (see `pageWords.ts`). */
export const AboutBlocks = type({
  intro: TitledText,
  history: type({ title: string(), items: array(type({ year: number(), title: string(), text: string() })) }),
  values: TitledItems,
  numbers: type({ title: string(), items: Stats }),
  process: StagedItems,
  team: type({ title: string(), text: string(), departments: array(type({ title: string(), count: number(), lead: string() })) }),
});
