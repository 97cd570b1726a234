import { useLoaderData } from 'react-router';
import { FeatureGrid } from '../../blocks/FeatureGrid.tsx';
import { PageHero } from '../../blocks/PageHero.tsx';
import { RequestSection } from '../../blocks/RequestSection.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { RequestForm } from '../../forms/lazyForms.tsx';
import { Section } from '../../ui/Section.tsx';
import { ServiceTree } from './ServiceTree.tsx';
import type { ServicesData } from './loader.ts';

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
