import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords } from '../pageWords.ts';
import { ReferralBlocks } from './referralWords.ts';

export type ReferralData = Awaited<ReturnType<typeof loader>>;

export async function loader({ context }: PageLoaderArgs) {
  const [words, agency] = await Promise.all([loadPageWords(context.content, 'referral', ReferralBlocks), context.content.agency()]);
  return { words, partnerProgramUrl: agency.partnerProgramUrl };
}
