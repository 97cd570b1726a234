import { array, string, type } from 'superstruct';
import { Faq, Stats, TitledItems, TitledText } from '../blockStructs.ts';

/** The blocks of `pages/referral.json`, checked when the page loads (see `pageWords.ts`). */
export const ReferralBlocks = type({
  hero: TitledText,
  reward: type({ anchor: string(), title: string(), items: Stats, note: string() }),
  steps: TitledItems,
  rules: type({ title: string(), items: array(string()) }),
  partners: TitledText,
  faq: Faq,
  cta: type({ label: string(), text: string() }),
});
