import { array, string, type } from 'superstruct';
import { Steps, TitledText } from '../blockStructs.ts';

/** The blocks of `pages/request.json`, checked when the page loads (see `pageWords.ts`). */
export const RequestBlocks = type({
  hero: TitledText,
  form: type({ title: string(), serviceTypes: array(string()), budgets: array(string()), note: string() }),
  next: Steps,
  contacts: type({ text: string() }),
});
