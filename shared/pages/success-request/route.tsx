import { css } from '@emotion/react';
import { useLoaderData } from 'react-router';
import type { Infer } from 'superstruct';
import { PageHero } from '../../blocks/PageHero.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { StepList } from '../../blocks/StepList.tsx';
import { SubscribeSection } from '../../blocks/SubscribeSection.tsx';
import type { PageLoaderArgs, PageMeta } from '../../routes/pageModule.ts';
import { space } from '../../theme/theme.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { SuccessBlocks } from './successRequestWords.ts';

export interface SuccessRequestData {
  readonly words: PageWords<Infer<typeof SuccessBlocks>>;
}

export async function loader({ context }: PageLoaderArgs): Promise<SuccessRequestData> {
  return { words: await loadPageWords(context.content, 'success-request', SuccessBlocks) };
}

/** A confirmation is not a page to find in a search engine (§2 success/request). */
export function meta({ words }: SuccessRequestData): PageMeta {
  return { title: words.title, description: words.description };
}

const links = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${space[3]};
  margin-top: ${space[7]};
`;

export default function SuccessRequestPage() {
  const { words } = useLoaderData<SuccessRequestData>();
  const { blocks } = words;
  return (
    <>
      <PageHero title={blocks.hero.title} eyebrow={words.title} lead={blocks.hero.text} />
      <HeadedSection tone="alt" headingId="success-next" title={blocks.next.title}>
        <StepList steps={blocks.next.steps} />
        <div css={links}>
          {blocks.next.links.map((link) => (
            <ButtonLink key={link.url} to={link.url} variant="secondary" arrow>
              {link.label}
            </ButtonLink>
          ))}
        </div>
      </HeadedSection>
      <SubscribeSection anchor={blocks.subscribe.anchor} title={blocks.subscribe.title} intro={blocks.subscribe.text} />
    </>
  );
}
