import { css } from '@emotion/react';
import { useLoaderData } from 'react-router';
import { RequestForm } from '../../forms/lazyForms.tsx';
import { PageHero } from '../../blocks/PageHero.tsx';
import { TitledList } from '../../blocks/TitledList.tsx';
import { colors, fontSizes, fontWeights, lineHeights, mq, radii, space } from '../../theme/theme.ts';
import { Heading } from '../../ui/Heading.tsx';
import { Section } from '../../ui/Section.tsx';
import { bareList, roundBadge, splitGrid } from '../../ui/layoutStyles.ts';
import type { RequestData } from './loader.ts';

const nextTitleStyles = css`margin: 0 0 ${space[5]};`;

const grid = splitGrid({ left: 7, right: 5, gap: space[7], wideGap: space[9], align: 'start' });

const panel = css`
  padding: ${space[5]};
  border-radius: ${radii.xl};
  background: ${colors.surfaceAlt};
  ${mq.md} { padding: ${space[7]}; }
  & h2 { margin: 0 0 ${space[5]}; }
`;

const formNote = css`margin: ${space[5]} 0 0; color: ${colors.inkMuted}; font-size: ${fontSizes.sm}; line-height: ${lineHeights.body};`;

const steps = css`${bareList} counter-reset: next;`;

const step = css`
  counter-increment: next;
  position: relative;
  padding: 0 0 ${space[5]} ${space[7]};
  &::before {
    content: counter(next);
    ${roundBadge('2rem')}
    position: absolute; left: 0; top: 0;
    background: ${colors.navy}; color: ${colors.white}; font-weight: ${fontWeights.bold}; font-size: ${fontSizes.sm};
  }
  & h3 { margin: 0 0 ${space[1]}; font-size: ${fontSizes.lg}; font-weight: ${fontWeights.bold}; line-height: 2rem; }
  & p { margin: 0; color: ${colors.inkMuted}; line-height: ${lineHeights.body}; }
`;

const contacts = css`
  margin: ${space[3]} 0 0;
  padding-top: ${space[5]};
  border-top: 1px solid ${colors.border};
  line-height: ${lineHeights.body};
`;

export default function RequestPage() {
  const { words, serviceType } = useLoaderData<RequestData>();
  const { blocks } = words;
  return (
    <>
      <PageHero title={blocks.hero.title} eyebrow={words.title} lead={blocks.hero.text} />
      <Section flushTop labelledBy="request-form">
        <div css={grid}>
          <div css={panel} id="discuss-the-project">
            <Heading level={2} size="h3" id="request-form">
              {blocks.form.title}
            </Heading>
            <RequestForm serviceType={serviceType ?? undefined} />
            <p css={formNote}>{blocks.form.note}</p>
          </div>
          <section aria-labelledby="request-next">
            <Heading level={2} size="h4" id="request-next" css={nextTitleStyles}>
              {blocks.next.title}
            </Heading>
            <TitledList css={steps} itemCss={step} items={blocks.next.steps} ordered />
            <p css={contacts}>{blocks.contacts.text}</p>
          </section>
        </div>
      </Section>
    </>
  );
}
