import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords, type WordsOf } from '../pageWords.ts';
import { ReferralBlocks } from './referralWords.ts';

export interface ReferralData {
  readonly words: WordsOf<typeof ReferralBlocks>;
  readonly partnerProgramUrl: string;
}

export async function loader({ context }: PageLoaderArgs): Promise<ReferralData> {
  const [words, agency] = await Promise.all([loadPageWords(context.content, 'referral', ReferralBlocks), context.content.agency()]);
  return { words, partnerProgramUrl: agency.partnerProgramUrl };
}
