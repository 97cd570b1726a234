import { useLoaderData } from 'react-router';
import { FeatureGrid } from '../../blocks/FeatureGrid.tsx';
import { PageHero } from '../../blocks/PageHero.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { StageList } from '../../blocks/StageList.tsx';
import { StatsRow } from '../../blocks/StatsRow.tsx';
import { Departments } from './Departments.tsx';
import { Timeline } from './Timeline.tsx';
import type { AboutData } from './loader.ts';

export default function AboutPage() {
  const { words } = useLoaderData<AboutData>();
  const { blocks } = words;
  return (
    <>
      <PageHero title={blocks.intro.title} eyebrow={words.title} lead={blocks.intro.text} />
      <HeadedSection flushTop headingId="about-numbers" title={blocks.numbers.title}>
        <StatsRow items={blocks.numbers.items} />
      </HeadedSection>
      <HeadedSection tone="alt" headingId="about-values" title={blocks.values.title}>
        <FeatureGrid items={blocks.values.items} />
      </HeadedSection>
      <HeadedSection headingId="about-history" title={blocks.history.title}>
        <Timeline items={blocks.history.items} />
      </HeadedSection>
      <HeadedSection tone="dark" headingId="about-process" title={blocks.process.title}>
        <StageList stages={blocks.process.items} durationLabel="Срок" />
      </HeadedSection>
      <HeadedSection headingId="about-team" title={blocks.team.title} intro={blocks.team.text}>
        <Departments departments={blocks.team.departments} />
      </HeadedSection>
    </>
  );
}
