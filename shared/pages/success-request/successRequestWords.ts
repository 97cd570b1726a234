import { array, type } from 'superstruct';
import { Anchored, LinkWords, Steps, TitledText } from '../blockStructs.ts';

/** The blocks of `pages/success-request.json`, checked when the page loads (see `pageWords.ts`). */
export const SuccessBlocks = type({
  hero: TitledText,
  next: type({ ...Steps.schema, links: array(LinkWords) }),
  subscribe: Anchored,
});
