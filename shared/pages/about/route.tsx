import { css } from '@emotion/react';
import { useLoaderData } from 'react-router';
import type { Infer } from 'superstruct';
import { FeatureGrid } from '../../blocks/FeatureGrid.tsx';
import { PageHero } from '../../blocks/PageHero.tsx';
import { SectionHeader } from '../../blocks/SectionHeader.tsx';
import { StageList } from '../../blocks/StageList.tsx';
import { StatsRow } from '../../blocks/StatsRow.tsx';
import type { PageLoaderArgs, PageMeta } from '../../routes/pageModule.ts';
import { Section } from '../../ui/Section.tsx';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { Departments } from './Departments.tsx';
import { Timeline } from './Timeline.tsx';
import { AboutBlocks } from './aboutWords.ts';

export interface AboutData {
  readonly words: PageWords<Infer<typeof AboutBlocks>>;
}

export async function loader({ context }: PageLoaderArgs): Promise<AboutData> {
  return { words: await loadPageWords(context.content, 'about', AboutBlocks) };
}

export function meta({ words }: AboutData): PageMeta {
  return { title: words.title, description: words.description };
}

const numbersSpacing = css`
  padding-top: 0;
`;

export default function AboutPage() {
  const { words } = useLoaderData<AboutData>();
  const { blocks } = words;
  return (
    <>
      <PageHero title={blocks.intro.title} eyebrow={words.title} lead={blocks.intro.text} />
      <Section labelledBy="about-numbers" css={numbersSpacing}>
        <SectionHeader id="about-numbers" title={blocks.numbers.title} />
        <StatsRow items={blocks.numbers.items} />
      </Section>
      <Section tone="alt" labelledBy="about-values">
        <SectionHeader id="about-values" title={blocks.values.title} />
        <FeatureGrid items={blocks.values.items} />
      </Section>
      <Section labelledBy="about-history">
        <SectionHeader id="about-history" title={blocks.history.title} />
        <Timeline items={blocks.history.items} />
      </Section>
      <Section tone="dark" labelledBy="about-process">
        <SectionHeader id="about-process" title={blocks.process.title} />
        <StageList stages={blocks.process.items} durationLabel="Срок" />
      </Section>
      <Section labelledBy="about-team">
        <SectionHeader id="about-team" title={blocks.team.title} intro={blocks.team.text} />
        <Departments departments={blocks.team.departments} />
      </Section>
    </>
  );
}
