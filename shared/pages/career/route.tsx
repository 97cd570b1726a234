import { css } from '@emotion/react';
import { useLoaderData } from 'react-router';
import type { Infer } from 'superstruct';
import { FeatureGrid } from '../../blocks/FeatureGrid.tsx';
import { PageHero } from '../../blocks/PageHero.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { StepList } from '../../blocks/StepList.tsx';
import { VacancyList } from '../../blocks/VacancyList.tsx';
import type { Vacancy } from '../../content/contentApi.ts';
import type { PageLoaderArgs, PageMeta } from '../../routes/pageModule.ts';
import { colors, fontSizes, fontWeights, lineHeights, mq, space } from '../../theme/theme.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { Section } from '../../ui/Section.tsx';
import { jobPostingJsonLd } from '../../seo/jobPosting.ts';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { Internship } from './Internship.tsx';
import { CareerBlocks } from './careerWords.ts';

// Serialized once, not on every render.
const quoteFlush = css`margin: 0;`;

export interface CareerData {
  readonly words: PageWords<Infer<typeof CareerBlocks>>;
  readonly vacancies: readonly Vacancy[];
  readonly vacanciesBoardUrl: string;
  readonly agencyName: string;
}

export async function loader({ context }: PageLoaderArgs): Promise<CareerData> {
  const [words, summaries, agency] = await Promise.all([
    loadPageWords(context.content, 'career', CareerBlocks),
    context.content.vacancies(),
    context.content.agency(),
  ]);
  // The internship has its own block (anchor `internship`), so it is not listed among the jobs.
  const jobs = summaries.filter((vacancy) => vacancy.employment !== 'internship');
  const vacancies = (await Promise.all(jobs.map((vacancy) => context.content.vacancy(vacancy.slug)))).filter(
    (vacancy): vacancy is Vacancy => vacancy !== null,
  );
  return { words, vacancies, vacanciesBoardUrl: agency.vacanciesBoardUrl, agencyName: agency.name };
}

export function meta({ words, vacancies, agencyName }: CareerData): PageMeta {
  return {
    title: words.title,
    description: words.description,
    jsonLd: vacancies.map((vacancy) => jobPostingJsonLd(vacancy, { name: agencyName })),
  };
}

const note = css`
  margin: ${space[6]} 0 0;
  color: ${colors.inkMuted};
  line-height: ${lineHeights.body};
  max-width: 65ch;
`;

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
      <Section>
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
