import { Children, type ReactElement } from 'react';
import { useLoaderData } from 'react-router';
import { StaticPart } from '../../ui/StaticPart.tsx';
import { cardGrid } from '../../blocks/cardStyles.ts';
import { ProjectCard } from '../../blocks/ProjectCard.tsx';
import { RevealOnScroll } from '../../ui/RevealOnScroll.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { lazyServerRendered } from '../../browser/lazyServerRendered.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import type { SectionTone } from '../../ui/Section.tsx';
import { RequestSection } from '../../blocks/RequestSection.tsx';
import { RequestForm } from '../../forms/lazyForms.tsx';
import { HomeHero } from './HomeHero.tsx';
import { ServiceList } from './ServiceList.tsx';
import type { HomeData } from './loader.ts';

// Below the first screens, hydrated from chunks of their own (decision 014).
const SpecializationList = lazyServerRendered(() =>
  import('../../blocks/SpecializationCard.tsx').then((module) => module.SpecializationList),
);
const TeamGrid = lazyServerRendered(() => import('../../blocks/TeamGrid.tsx').then((module) => module.TeamGrid));
const TariffTable = lazyServerRendered(() => import('../../blocks/TariffTable.tsx').then((module) => module.TariffTable));
const ClientList = lazyServerRendered(() => import('./ClientList.tsx').then((module) => module.ClientList));
const ArticleCard = lazyServerRendered(() => import('../../blocks/ArticleCard.tsx').then((module) => module.ArticleCard));

/** A section of cards with a link to the whole list; a row's cards appear one after another. */
function CardsSection({
  headingId,
  tone,
  block,
  children,
}: {
  readonly headingId: string;
  readonly tone?: SectionTone;
  readonly block: { readonly title: string; readonly text: string; readonly link: { readonly url: string; readonly label: string } };
  readonly children: readonly ReactElement[];
}) {
  return (
    <HeadedSection
      tone={tone}
      headingId={headingId}
      title={block.title}
      intro={block.text}
      action={
        <ButtonLink to={block.link.url} variant="secondary" arrow>
          {block.link.label}
        </ButtonLink>
      }
    >
      <ul css={cardGrid}>
        {Children.map(children, (card, index) => (
          <RevealOnScroll as="li" delay={(index % 3) * 120}>
            {card}
          </RevealOnScroll>
        ))}
      </ul>
    </HeadedSection>
  );
}

export default function HomePage() {
  const { words, projects, specializations, articles, renderedAt } = useLoaderData<HomeData>();
  const { blocks } = words;
  return (
    <>
      <HomeHero hero={blocks.hero} stats={blocks.stats} />

      <HeadedSection headingId="home-services" title={blocks.services.title} intro={blocks.services.text}>
        <StaticPart>
          <ServiceList items={blocks.services.items} />
        </StaticPart>
      </HeadedSection>

      <CardsSection tone="alt" headingId="home-projects" block={blocks.projects}>
        {projects.map((project) => (
          <ProjectCard key={project.slug} project={project} headingLevel="h3" />
        ))}
      </CardsSection>

      <HeadedSection headingId="home-specializations" title={blocks.specializations.title} intro={blocks.specializations.text}>
        <SpecializationList specializations={specializations} />
      </HeadedSection>

      <HeadedSection id={blocks.team.anchor} tone="alt" headingId="home-team" title={blocks.team.title} intro={blocks.team.text}>
        <StaticPart>
          <TeamGrid members={blocks.team.members} />
        </StaticPart>
      </HeadedSection>

      <HeadedSection id={blocks.tariffs.anchor} headingId="home-tariffs" title={blocks.tariffs.title} intro={blocks.tariffs.text}>
        <StaticPart>
          <TariffTable tariffs={blocks.tariffs.items} timelineLabel="Срок" />
        </StaticPart>
      </HeadedSection>

      <HeadedSection tone="alt" headingId="home-clients" title={blocks.clients.title} intro={blocks.clients.text}>
        <StaticPart>
          <ClientList clients={blocks.clients.items} />
        </StaticPart>
      </HeadedSection>

      <CardsSection headingId="home-blog" block={blocks.blog}>
        {articles.map((article) => (
          <ArticleCard key={article.slug} article={article} renderedAt={renderedAt} headingLevel="h3" />
        ))}
      </CardsSection>

      {/* §9 anchor `discuss-the-project`: where the header's call-to-action scrolls from 1280 px. */}
      <RequestSection
        anchor={blocks.discussProject.anchor}
        headingId="home-discuss"
        title={blocks.discussProject.title}
        intro={blocks.discussProject.text}
        email={blocks.discussProject.email}
        footnote={blocks.discussProject.note}
      >
        <RequestForm />
      </RequestSection>
    </>
  );
}
