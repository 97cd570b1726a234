import { array, type } from 'superstruct';
import { Anchored, LinkWords, Steps, TitledText } from '../blockStructs.ts';

/**
 * The blocks of `pages/success-request.json`, checked when the page loads (see `pageWords.ts`).
 * The buttons under the steps are `shortcuts`: `links` is a member JSON:API reserves, in an
 * attribute at any depth (JSON:API 1.1, "Attributes").
 */
export const SuccessBlocks = type({
  hero: TitledText,
  next: type({ ...Steps.schema, shortcuts: array(LinkWords) }),
  subscribe: Anchored,
});
