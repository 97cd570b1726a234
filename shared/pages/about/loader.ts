import { wordsLoader } from '../pageWords.ts';
import { AboutBlocks } from './aboutWords.ts';

export type AboutData = Awaited<ReturnType<typeof loader>>;

export const loader = wordsLoader('about', AboutBlocks);
