import { useLoaderData } from 'react-router';
import { FeatureGrid } from '../../blocks/FeatureGrid.tsx';
import { PageHero } from '../../blocks/PageHero.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { StatsRow } from '../../blocks/StatsRow.tsx';
import { SubscribeSection } from '../../blocks/SubscribeSection.tsx';
import { Section } from '../../ui/Section.tsx';
import type { SubscribeData } from './loader.ts';

export default function SubscribePage() {
  const { words } = useLoaderData<SubscribeData>();
  const { blocks } = words;
  return (
    <>
      <PageHero title={blocks.hero.title} eyebrow={words.title} lead={blocks.hero.text} />
      <SubscribeSection block={blocks.form} footnote={blocks.form.note} />
      <HeadedSection tone="alt" headingId="subscribe-benefits" title={blocks.benefits.title}>
        <FeatureGrid items={blocks.benefits.items} />
      </HeadedSection>
      <Section aria-label="Рассылка в цифрах">
        <StatsRow items={blocks.stats.items} />
      </Section>
    </>
  );
}
