import { wordsLoader, type WordsOf } from '../pageWords.ts';
import { SuccessBlocks } from './successRequestWords.ts';

export interface SuccessRequestData {
  readonly words: WordsOf<typeof SuccessBlocks>;
}

export const loader = wordsLoader('success-request', SuccessBlocks);
