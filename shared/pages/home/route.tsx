import type { Infer } from 'superstruct';
import { useLoaderData } from 'react-router';
import { cardGrid } from '../../blocks/cardStyles.ts';
import { ProjectCard } from '../../blocks/ProjectCard.tsx';
import { RevealOnScroll } from '../../ui/RevealOnScroll.tsx';
import { SectionHeader } from '../../blocks/SectionHeader.tsx';
import type { ArticleSummary, ProjectSummary, Specialization } from '../../content/contentApi.ts';
import type { PageLoaderArgs, PageMeta } from '../../routes/pageModule.ts';
import { lazyServerRendered } from '../../app/lazyServerRendered.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Section } from '../../ui/Section.tsx';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { DiscussProject } from './DiscussProject.tsx';
import { HomeBlocks } from './homeWords.ts';
import { HomeHero } from './HomeHero.tsx';
import { ServiceList } from './ServiceList.tsx';

// The sections below the first screens: rendered in full by the server, hydrated from chunks of
// their own, so they are not part of the home page's first-load JavaScript (docs/decisions/012).
const SpecializationList = lazyServerRendered(() => import('../../blocks/SpecializationCard.tsx').then((module) => module.SpecializationList));
const TeamGrid = lazyServerRendered(() => import('../../blocks/TeamGrid.tsx').then((module) => module.TeamGrid));
const TariffTable = lazyServerRendered(() => import('../../blocks/TariffTable.tsx').then((module) => module.TariffTable));
const ClientList = lazyServerRendered(() => import('./ClientList.tsx').then((module) => module.ClientList));
const ArticleCard = lazyServerRendered(() => import('../../blocks/ArticleCard.tsx').then((module) => module.ArticleCard));

/** How many featured case studies and fresh articles the home page shows. */
const FEATURED_PROJECTS = 6;
const LATEST_ARTICLES = 3;

export interface HomeData {
  readonly words: PageWords<Infer<typeof HomeBlocks>>;
  readonly projects: readonly ProjectSummary[];
  readonly specializations: readonly Specialization[];
  readonly articles: readonly ArticleSummary[];
  readonly renderedAt: string;
}

export async function loader({ context }: PageLoaderArgs): Promise<HomeData> {
  const [words, projects, specializations, articles] = await Promise.all([
    loadPageWords(context.content, 'home', HomeBlocks),
    context.content.projects({ featured: true }),
    context.content.specializations(),
    context.content.articles({ page: 1, pageSize: LATEST_ARTICLES }),
  ]);
  return {
    words,
    projects: projects.slice(0, FEATURED_PROJECTS),
    specializations,
    articles: articles.items,
    renderedAt: new Date().toISOString(),
  };
}

export function meta(data: HomeData): PageMeta {
  return { title: data.words.title, description: data.words.description };
}

export default function HomePage() {
  const { words, projects, specializations, articles, renderedAt } = useLoaderData<HomeData>();
  const { blocks } = words;
  return (
    <>
      <HomeHero hero={blocks.hero} stats={blocks.stats} />

      <Section labelledBy="home-services">
        <SectionHeader id="home-services" title={blocks.services.title} intro={blocks.services.text} />
        <ServiceList items={blocks.services.items} />
      </Section>

      <Section tone="alt" labelledBy="home-projects">
        <SectionHeader
          id="home-projects"
          title={blocks.projects.title}
          intro={blocks.projects.text}
          action={<ButtonLink to={blocks.projects.link.url} variant="secondary" arrow>{blocks.projects.link.label}</ButtonLink>}
        />
        <ul css={cardGrid}>
          {projects.map((project, index) => (
            <RevealOnScroll as="li" key={project.slug} delay={(index % 3) * 120}><ProjectCard project={project} headingLevel="h3" /></RevealOnScroll>
          ))}
        </ul>
      </Section>

      <Section labelledBy="home-specializations">
        <SectionHeader id="home-specializations" title={blocks.specializations.title} intro={blocks.specializations.text} />
        <SpecializationList specializations={specializations} />
      </Section>

      <Section id={blocks.team.anchor} tone="alt" labelledBy="home-team">
        <SectionHeader id="home-team" title={blocks.team.title} intro={blocks.team.text} />
        <TeamGrid members={blocks.team.members} />
      </Section>

      <Section id={blocks.tariffs.anchor} labelledBy="home-tariffs">
        <SectionHeader id="home-tariffs" title={blocks.tariffs.title} intro={blocks.tariffs.text} />
        <TariffTable tariffs={blocks.tariffs.items} timelineLabel="Срок" />
      </Section>

      <Section tone="alt" labelledBy="home-clients">
        <SectionHeader id="home-clients" title={blocks.clients.title} intro={blocks.clients.text} />
        <ClientList clients={blocks.clients.items} />
      </Section>

      <Section labelledBy="home-blog">
        <SectionHeader
          id="home-blog"
          title={blocks.blog.title}
          intro={blocks.blog.text}
          action={<ButtonLink to={blocks.blog.link.url} variant="secondary" arrow>{blocks.blog.link.label}</ButtonLink>}
        />
        <ul css={cardGrid}>
          {articles.map((article, index) => (
            <RevealOnScroll as="li" key={article.slug} delay={(index % 3) * 120}><ArticleCard article={article} renderedAt={renderedAt} headingLevel="h3" /></RevealOnScroll>
          ))}
        </ul>
      </Section>

      <DiscussProject block={blocks.discussProject} />
    </>
  );
}
