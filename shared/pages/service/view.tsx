import { css } from '@emotion/react';
import { useLoaderData } from 'react-router';
import { CardGrid } from '../../blocks/CardGrid.tsx';
import { FeatureGrid } from '../../blocks/FeatureGrid.tsx';
import { formatPriceFrom } from '../../format/money.ts';
import { PageHero } from '../../blocks/PageHero.tsx';
import { RequestSection } from '../../blocks/RequestSection.tsx';
import { HeadedSection, SectionHeader } from '../../blocks/SectionHeader.tsx';
import { lazyServerRendered } from '../../browser/lazyServerRendered.tsx';
import { RequestForm } from '../../forms/lazyForms.tsx';
import { colors, fontSizes, fontWeights, lineHeights, space } from '../../theme/theme.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Section } from '../../ui/Section.tsx';
import { PriceFacts } from './PriceFacts.tsx';
import { SubServices } from './SubServices.tsx';
import { href } from '../../routes/links.ts';
import { splitGrid } from '../../ui/layoutStyles.ts';
import type { ServiceData } from './loader.ts';

// Below the first screen, hydrated from chunks of their own (decision 014).
const StageList = lazyServerRendered(() => import('../../blocks/StageList.tsx').then((module) => module.StageList));
const ProjectCard = lazyServerRendered(() => import('../../blocks/ProjectCard.tsx').then((module) => module.ProjectCard));
const FaqList = lazyServerRendered(() => import('../../blocks/FaqList.tsx').then((module) => module.FaqList));

const REQUEST_ANCHOR = 'discuss-the-project';

const leadGrid = splitGrid({ left: 7, right: 5, gap: space[6], wideGap: space[9], align: 'start' });

const priceNote = css`margin: 0; font-size: ${fontSizes.lg}; line-height: ${lineHeights.body}; color: ${colors.inkMuted};`;

const priceBig = css`
  margin: 0 0 ${space[3]};
  font-size: ${fontSizes.h2};
  font-weight: ${fontWeights.extrabold};
  line-height: ${lineHeights.tight};
`;

/** One template for every service page of §2; everything it says comes from the service tree. */
export default function ServicePage() {
  const { service, crumbs, request } = useLoaderData<ServiceData>();
  const hasChildren = service.children.length > 0;
  return (
    <>
      <PageHero
        title={service.title}
        eyebrow={service.category}
        lead={service.lead}
        crumbs={crumbs}
        side={<PriceFacts price={formatPriceFrom(service.price.from)} timeline={service.timeline} />}
      >
        <ButtonLink to={`#${REQUEST_ANCHOR}`} size="lg" arrow confetti>
          Обсудить проект
        </ButtonLink>
      </PageHero>

      {hasChildren ? (
        <HeadedSection tone="alt" headingId="service-children" title="Направления">
          <SubServices services={service.children} />
        </HeadedSection>
      ) : null}

      {service.included.length > 0 ? (
        <HeadedSection headingId="service-included" title="Что входит в работу">
          <FeatureGrid items={service.included} />
        </HeadedSection>
      ) : null}

      {service.stages.length > 0 ? (
        <HeadedSection tone="dark" headingId="service-stages" title="Этапы работы" intro={`Срок проекта — ${service.timeline}.`}>
          <StageList stages={service.stages} durationLabel="Срок этапа" />
        </HeadedSection>
      ) : null}

      <Section labelledBy="service-price">
        <div css={leadGrid}>
          <SectionHeader id="service-price" title="Сколько стоит" />
          <div>
            <p css={priceBig}>{formatPriceFrom(service.price.from)}</p>
            {service.price.note ? <p css={priceNote}>{service.price.note}</p> : null}
          </div>
        </div>
      </Section>

      {service.relatedProjects.length > 0 ? (
        <HeadedSection
          tone="alt"
          headingId="service-projects"
          title="Проекты"
          action={
            <ButtonLink to={href('projects')} variant="secondary" arrow>
              Все проекты
            </ButtonLink>
          }
        >
          <CardGrid items={service.relatedProjects} card={(project) => <ProjectCard project={project} headingLevel="h3" />} />
        </HeadedSection>
      ) : null}

      {service.faq.length > 0 ? (
        <Section labelledBy="service-faq">
          <div css={leadGrid}>
            <SectionHeader id="service-faq" title="Частые вопросы" />
            <FaqList items={service.faq} />
          </div>
        </Section>
      ) : null}

      <RequestSection
        anchor={REQUEST_ANCHOR}
        headingId="service-request"
        title={request.blocks.hero.title}
        intro={request.blocks.hero.text}
        footnote={request.blocks.form.note}
      >
        <RequestForm serviceType={service.category} />
      </RequestSection>
    </>
  );
}
