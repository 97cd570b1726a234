import { wordsLoader } from '../pageWords.ts';
import { SuccessBlocks } from './successRequestWords.ts';

export type SuccessRequestData = Awaited<ReturnType<typeof loader>>;

export const loader = wordsLoader('success-request', SuccessBlocks);
