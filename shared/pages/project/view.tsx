import { css } from '@emotion/react';
import { useLoaderData } from 'react-router';
import { CardGrid } from '../../blocks/CardGrid.tsx';
import { CoverImage, PAGE_COVER_SIZES } from '../../blocks/CoverImage.tsx';
import { HtmlBody } from '../../blocks/HtmlBody.tsx';
import { pageLead } from '../../blocks/PageHero.tsx';
import { ProjectCard } from '../../blocks/ProjectCard.tsx';
import { RequestSection } from '../../blocks/RequestSection.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { StatsRow } from '../../blocks/StatsRow.tsx';
import { RequestForm } from '../../forms/lazyForms.tsx';
import { colors, fontSizes, fontWeights, lineHeights, space } from '../../theme/theme.ts';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { Container } from '../../ui/Container.tsx';
import { Heading } from '../../ui/Heading.tsx';
import { Link } from '../../ui/Link.tsx';
import { href } from '../../routes/links.ts';
import { bareList, splitGrid } from '../../ui/layoutStyles.ts';
import type { ProjectData } from './loader.ts';

const resultsTitleStyles = css`margin: 0 0 ${space[5]};`;

const header = css`padding-block: ${space[6]} ${space[7]}; & h1 { margin: ${space[5]} 0 0; max-width: 22ch; text-wrap: balance; }`;

const clientLabel = css`margin: ${space[6]} 0 0; color: ${colors.inkMuted}; font-weight: ${fontWeights.semibold};`;

const facts = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
  gap: ${space[5]};
  margin: ${space[7]} 0 0;
  padding-top: ${space[5]};
  border-top: 1px solid ${colors.border};
  & dt { color: ${colors.inkMuted}; font-size: ${fontSizes.sm}; margin-bottom: ${space[1]}; }
  & dd { margin: 0; font-weight: ${fontWeights.semibold}; line-height: ${lineHeights.body}; }
  & ul { ${bareList} }
  & a { color: ${colors.link}; }
`;

const cover = css`margin: 0 0 ${space[8]};`;

const story = css`${splitGrid({ left: 4, right: 8, gap: space[8], wideGap: space[9] })} padding-bottom: ${space[8]};`;

export default function ProjectPage() {
  const { project, related, portfolio, crumbs } = useLoaderData<ProjectData>();
  return (
    <>
      <article aria-labelledby="project-title">
        <Container>
          <header css={header}>
            <Breadcrumbs items={crumbs} />
            <p css={clientLabel}>{project.client}</p>
            <Heading level={1} size="h2" id="project-title">
              {project.title}
            </Heading>
            <p css={pageLead}>{project.description}</p>
            <dl css={facts}>
              <div>
                <dt>Клиент</dt>
                <dd>{project.client}</dd>
              </div>
              <div>
                <dt>Отрасль</dt>
                <dd>
                  <Link to={href('projects-industry', { slug: project.industry.slug })}>{project.industry.title}</Link>
                </dd>
              </div>
              <div>
                <dt>Год</dt>
                <dd>{project.year}</dd>
              </div>
              {project.services.length > 0 ? (
                <div>
                  <dt>Услуги</dt>
                  <dd>
                    <ul>
                      {project.services.map((service) => (
                        <li key={service.path}>
                          <Link to={href('service', { '*': service.path })}>{service.title}</Link>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
              ) : null}
            </dl>
          </header>
          <figure css={cover}>
            <CoverImage src={project.cover} priority sizes={PAGE_COVER_SIZES} />
          </figure>
          <div css={story}>
            {project.results.length > 0 ? (
              <section aria-labelledby="project-results">
                <Heading level={2} size="h4" id="project-results" css={resultsTitleStyles}>
                  Результаты
                </Heading>
                <StatsRow items={project.results} />
              </section>
            ) : (
              <div />
            )}
            <HtmlBody html={project.html} />
          </div>
        </Container>
      </article>
      {related.length > 0 ? (
        <HeadedSection
          tone="alt"
          headingId="project-related"
          title={`Ещё проекты: ${project.industry.title}`}
          action={<Link to={href('projects-industry', { slug: project.industry.slug })}>Все проекты отрасли</Link>}
        >
          <CardGrid items={related} card={(item) => <ProjectCard project={item} headingLevel="h3" showIndustry={false} />} />
        </HeadedSection>
      ) : null}
      <RequestSection
        anchor="discuss-the-project"
        headingId="project-cta"
        title={portfolio.blocks.cta.title}
        intro={portfolio.blocks.cta.text}
      >
        <RequestForm />
      </RequestSection>
    </>
  );
}
