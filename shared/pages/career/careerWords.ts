import { array, string, type } from 'superstruct';
import { Steps, TitledItems, TitledText } from '../blockStructs.ts';

/** The blocks of `pages/career.json`, checked when the page loads (see `pageWords.ts`). */
export const CareerBlocks = type({
  intro: TitledText,
  benefits: TitledItems,
  hiring: Steps,
  vacancies: TitledText,
  internship: type({
    anchor: string(),
    title: string(),
    text: string(),
    duration: string(),
    format: string(),
    directions: array(string()),
    cta: type({ label: string(), form: string() }),
  }),
  quote: type({ text: string(), author: string(), role: string() }),
});
