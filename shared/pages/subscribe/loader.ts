import { wordsLoader } from '../pageWords.ts';
import { SubscribeBlocks } from './subscribeWords.ts';

export type SubscribeData = Awaited<ReturnType<typeof loader>>;

export const loader = wordsLoader('subscribe', SubscribeBlocks);
