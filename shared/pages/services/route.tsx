import { useLoaderData } from 'react-router';
import type { Infer } from 'superstruct';
import { FeatureGrid } from '../../blocks/FeatureGrid.tsx';
import { PageHero } from '../../blocks/PageHero.tsx';
import { RequestSection } from '../../blocks/RequestSection.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import type { ServiceNode } from '../../content/contentApi.ts';
import { RequestForm } from '../../forms/lazyForms.tsx';
import type { PageLoaderArgs } from '../../routes/pageModule.ts';
import { Section } from '../../ui/Section.tsx';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { wordsMeta } from '../wordsMeta.ts';
import { ServiceTree } from './ServiceTree.tsx';
import { ServicesBlocks } from './servicesWords.ts';

export interface ServicesData {
  readonly words: PageWords<Infer<typeof ServicesBlocks>>;
  readonly tree: readonly ServiceNode[];
}

export async function loader({ context }: PageLoaderArgs): Promise<ServicesData> {
  const [words, tree] = await Promise.all([loadPageWords(context.content, 'services', ServicesBlocks), context.content.services()]);
  return { words, tree };
}

export const meta = wordsMeta;

/** §2 services overview: every direction with its sub-services, as the tree of §2. */
export default function ServicesPage() {
  const { words, tree } = useLoaderData<ServicesData>();
  const { blocks } = words;
  return (
    <>
      <PageHero title={blocks.intro.title} lead={blocks.intro.text} />
      <Section labelledBy="services-tree" flushTop>
        <ServiceTree tree={tree} headingId="services-tree" />
      </Section>
      <HeadedSection tone="alt" headingId="services-approach" title={blocks.approach.title}>
        <FeatureGrid items={blocks.approach.items} />
      </HeadedSection>
      <RequestSection anchor="discuss-the-project" headingId="services-cta" title={blocks.cta.title} intro={blocks.cta.text}>
        <RequestForm />
      </RequestSection>
    </>
  );
}
