import { css } from '@emotion/react';
import { useLoaderData } from 'react-router';
import { FaqList } from '../../blocks/FaqList.tsx';
import { PageHero } from '../../blocks/PageHero.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { StatsRow } from '../../blocks/StatsRow.tsx';
import { StepList } from '../../blocks/StepList.tsx';
import { ReferralForm } from '../../forms/lazyForms.tsx';
import { colors, fontSizes, lineHeights, mq, radii, space } from '../../theme/theme.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Heading } from '../../ui/Heading.tsx';
import { Section } from '../../ui/Section.tsx';
import { bareList, columnGrid, splitGrid } from '../../ui/layoutStyles.ts';
import type { ReferralData } from './loader.ts';

const rewardGrid = css`
  ${splitGrid({ left: 7, right: 5, gap: space[7], wideGap: space[9], align: 'start' })}
  & h2 { margin: 0 0 ${space[6]}; }
`;

const note = css`margin: ${space[6]} 0 0; color: ${colors.inkMuted}; line-height: ${lineHeights.body};`;

const panel = css`padding: ${space[6]}; border-radius: ${radii.xl}; background: ${colors.surfaceAlt};`;

const rules = css`
  ${bareList}
  ${columnGrid(space[4], { md: 2 })}
  ${mq.md} { gap: ${space[4]} ${space[7]}; }
  counter-reset: rule;
  & li { counter-increment: rule; display: grid; grid-template-columns: 2.5rem minmax(0, 1fr); line-height: ${lineHeights.body}; }
  & li::before { content: counter(rule, decimal-leading-zero); color: ${colors.inkMuted}; font-weight: 700; }
`;

const partners = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space[5]};
  padding: ${space[6]};
  border-radius: ${radii.xl};
  background: ${colors.navy};
  color: ${colors.white};
  ${mq.lg} { grid-template-columns: minmax(0, 1fr) auto; align-items: center; padding: ${space[8]}; }
  & h2 { margin: 0; }
  & p { margin: ${space[3]} 0 0; color: ${colors.onNavyMuted}; font-size: ${fontSizes.lg}; line-height: ${lineHeights.body}; max-width: 60ch; }
`;

export default function ReferralPage() {
  const { words, partnerProgramUrl } = useLoaderData<ReferralData>();
  const { blocks } = words;
  return (
    <>
      <PageHero title={blocks.hero.title} eyebrow={words.title} lead={blocks.hero.text}>
        <ButtonLink to={`#${blocks.reward.anchor}`} size="lg" arrow confetti>
          {blocks.cta.label}
        </ButtonLink>
      </PageHero>
      <Section id={blocks.reward.anchor} tone="default" labelledBy="referral-reward" flushTop>
        <div css={rewardGrid}>
          <div>
            <Heading level={2} id="referral-reward">
              {blocks.reward.title}
            </Heading>
            <StatsRow items={blocks.reward.items} />
            <p css={note}>{blocks.reward.note}</p>
          </div>
          <div css={panel}>
            <ReferralForm description={blocks.cta.text} />
          </div>
        </div>
      </Section>
      <HeadedSection tone="alt" headingId="referral-steps" title={blocks.steps.title}>
        <StepList steps={blocks.steps.items} />
      </HeadedSection>
      <HeadedSection headingId="referral-rules" title={blocks.rules.title}>
        <ol css={rules}>
          {blocks.rules.items.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      </HeadedSection>
      <Section labelledBy="referral-partners" flushTop>
        <div css={partners} data-surface="dark">
          <div>
            <Heading level={2} size="h3" id="referral-partners">
              {blocks.partners.title}
            </Heading>
            <p>{blocks.partners.text}</p>
          </div>
          <ButtonLink to={partnerProgramUrl} variant="inverse" size="lg" arrow>
            Партнёрская программа
          </ButtonLink>
        </div>
      </Section>
      <HeadedSection tone="alt" headingId="referral-faq" title={blocks.faq.title}>
        <FaqList items={blocks.faq.items} />
      </HeadedSection>
    </>
  );
}
