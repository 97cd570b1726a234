import { css } from '@emotion/react';
import { useLoaderData } from 'react-router';
import { PageHero } from '../../blocks/PageHero.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { StepList } from '../../blocks/StepList.tsx';
import { SubscribeSection } from '../../blocks/SubscribeSection.tsx';
import { space } from '../../theme/theme.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import type { SuccessRequestData } from './loader.ts';

const shortcuts = css`
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
        <div css={shortcuts}>
          {blocks.next.shortcuts.map((link) => (
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
