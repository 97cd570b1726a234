import { css } from '@emotion/react';
import { useLoaderData } from 'react-router';
import { FeatureGrid } from '../../blocks/FeatureGrid.tsx';
import { PageHero } from '../../blocks/PageHero.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { StepList } from '../../blocks/StepList.tsx';
import { VacancyList } from '../../blocks/VacancyList.tsx';
import { colors, fontSizes, fontWeights, lineHeights, mq, space } from '../../theme/theme.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { Section } from '../../ui/Section.tsx';
import { Internship } from './Internship.tsx';
import type { CareerData } from './loader.ts';

const quoteFlush = css`margin: 0;`;

const note = css`margin: ${space[6]} 0 0; color: ${colors.inkMuted}; line-height: ${lineHeights.body}; max-width: 65ch;`;

const quoteStyles = css`
  margin: 0;
  max-width: 56rem;
  & p { margin: 0; font-size: ${fontSizes.h4}; line-height: ${lineHeights.body}; font-weight: ${fontWeights.medium}; }
  & p::before { content: '«'; }
  & p::after { content: '»'; }
  & figcaption { margin-top: ${space[5]}; color: ${colors.inkMuted}; }
  & cite { font-style: normal; font-weight: ${fontWeights.bold}; color: ${colors.ink}; }
  ${mq.lg} { padding-left: ${space[7]}; border-left: 4px solid ${colors.accent}; }
`;

export default function CareerPage() {
  const { words, vacancies, vacanciesBoardUrl } = useLoaderData<CareerData>();
  const { blocks } = words;
  return (
    <>
      <PageHero title={blocks.intro.title} eyebrow={words.title} lead={blocks.intro.text}>
        <ButtonLink to="#vacancies" size="lg" arrow>
          {blocks.vacancies.title}
        </ButtonLink>
        <ButtonLink to={`#${blocks.internship.anchor}`} size="lg" variant="secondary">
          {blocks.internship.title}
        </ButtonLink>
      </PageHero>
      <HeadedSection tone="alt" headingId="career-benefits" title={blocks.benefits.title}>
        <FeatureGrid items={blocks.benefits.items} />
      </HeadedSection>
      <HeadedSection
        id="vacancies"
        headingId="career-vacancies"
        title={blocks.vacancies.title}
        action={<Link to={vacanciesBoardUrl}>Вакансии на hh.ru</Link>}
      >
        <VacancyList vacancies={vacancies} />
        <p css={note}>{blocks.vacancies.text}</p>
      </HeadedSection>
      <HeadedSection tone="alt" headingId="career-hiring" title={blocks.hiring.title}>
        <StepList steps={blocks.hiring.steps} />
      </HeadedSection>
      <Internship block={blocks.internship} />
      {/* A quote closes the page: a block with no heading of its own. */}
      <Section element="div">
        <figure css={quoteStyles}>
          <blockquote css={quoteFlush}>
            <p>{blocks.quote.text}</p>
          </blockquote>
          <figcaption>
            <cite>{blocks.quote.author}</cite>, {blocks.quote.role}
          </figcaption>
        </figure>
      </Section>
    </>
  );
}
