import { string, type } from 'superstruct';
import { Stats, TitledItems, TitledText } from '../blockStructs.ts';

/** The blocks of `pages/subscribe.json`, checked when the page loads (see `pageWords.ts`). */
export const SubscribeBlocks = type({
  hero: TitledText,
  benefits: TitledItems,
  form: type({ anchor: string(), title: string(), text: string(), note: string() }),
  stats: type({ items: Stats }),
});
