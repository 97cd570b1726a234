import { wordsLoader, type WordsOf } from '../pageWords.ts';
import { AboutBlocks } from './aboutWords.ts';

export interface AboutData {
  readonly words: WordsOf<typeof AboutBlocks>;
}

export const loader = wordsLoader('about', AboutBlocks);
