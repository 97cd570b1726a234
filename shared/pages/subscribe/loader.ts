import { wordsLoader, type WordsOf } from '../pageWords.ts';
import { SubscribeBlocks } from './subscribeWords.ts';

export interface SubscribeData {
  readonly words: WordsOf<typeof SubscribeBlocks>;
}

export const loader = wordsLoader('subscribe', SubscribeBlocks);
