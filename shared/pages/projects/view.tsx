import { css } from '@emotion/react';
import { useLoaderData } from 'react-router';
import { CardGrid } from '../../blocks/CardGrid.tsx';
import { IndustryMenu } from '../../blocks/IndustryMenu.tsx';
import { listHeroWords, PageHero } from '../../blocks/PageHero.tsx';
import { ProjectCard } from '../../blocks/ProjectCard.tsx';
import { RequestSection } from '../../blocks/RequestSection.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { SpecializationList } from '../../blocks/SpecializationCard.tsx';
import { RequestForm } from '../../forms/lazyForms.tsx';
import { colors, fontSizes, mq, radii, space } from '../../theme/theme.ts';
import { Section } from '../../ui/Section.tsx';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import type { ProjectsData } from './loader.ts';

const menu = css`
  padding: ${space[5]};
  border-radius: ${radii.lg};
  background: ${colors.surfaceAlt};
  margin-bottom: ${space[8]};
  ${mq.lg} { max-width: 48rem; }
`;

const menuTitle = css`
  margin: 0 0 ${space[3]};
  padding-inline: ${space[3]};
  font-size: ${fontSizes.sm};
  color: ${colors.inkMuted};
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.08em;
`;

/** The name of the industry filter's navigation landmark. */
export const PROJECTS_BY_INDUSTRY = 'Проекты по отраслям';

export default function ProjectsPage() {
  const { words, industry, industries, projects, specializations, crumbs } = useLoaderData<ProjectsData>();
  const { blocks } = words;
  return (
    <>
      <PageHero {...listHeroWords(blocks.intro, industry)} crumbs={crumbs} />
      <Section labelledBy="projects-list" flushTop>
        <div css={menu}>
          <p css={menuTitle} aria-hidden="true">
            {blocks.filters.title}
          </p>
          {/* Named apart from the footer’s «Отрасли» navigation: two landmarks of one name are one to a screen reader. */}
          <IndustryMenu industries={industries} allLabel={blocks.filters.allLabel} label={PROJECTS_BY_INDUSTRY} />
        </div>
        <VisuallyHidden as="h2" id="projects-list">
          {industry ? industry.title : blocks.filters.allLabel}
        </VisuallyHidden>
        <CardGrid
          items={projects}
          card={(project) => <ProjectCard project={project} headingLevel="h3" showIndustry={industry === null} />}
        />
      </Section>
      {specializations.length > 0 ? (
        <HeadedSection
          tone="alt"
          headingId="projects-specializations"
          title={blocks.specializations.title}
          intro={blocks.specializations.text}
        >
          <SpecializationList specializations={specializations} />
        </HeadedSection>
      ) : null}
      <RequestSection anchor="discuss-the-project" headingId="projects-cta" title={blocks.cta.title} intro={blocks.cta.text}>
        <RequestForm />
      </RequestSection>
    </>
  );
}
