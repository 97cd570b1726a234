import { useLoaderData } from 'react-router';
import type { Infer } from 'superstruct';
import { FeatureGrid } from '../../blocks/FeatureGrid.tsx';
import { PageHero } from '../../blocks/PageHero.tsx';
import { SectionHeader } from '../../blocks/SectionHeader.tsx';
import { StatsRow } from '../../blocks/StatsRow.tsx';
import { SubscribeSection } from '../../blocks/SubscribeSection.tsx';
import type { PageLoaderArgs, PageMeta } from '../../routes/pageModule.ts';
import { Section } from '../../ui/Section.tsx';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { SubscribeBlocks } from './subscribeWords.ts';

export interface SubscribeData {
  readonly words: PageWords<Infer<typeof SubscribeBlocks>>;
}

export async function loader({ context }: PageLoaderArgs): Promise<SubscribeData> {
  return { words: await loadPageWords(context.content, 'subscribe', SubscribeBlocks) };
}

export function meta({ words }: SubscribeData): PageMeta {
  return { title: words.title, description: words.description };
}

export default function SubscribePage() {
  const { words } = useLoaderData<SubscribeData>();
  const { blocks } = words;
  return (
    <>
      <PageHero title={blocks.hero.title} eyebrow={words.title} lead={blocks.hero.text} />
      <SubscribeSection anchor={blocks.form.anchor} title={blocks.form.title} intro={blocks.form.text} footnote={blocks.form.note} />
      <Section tone="alt" labelledBy="subscribe-benefits">
        <SectionHeader id="subscribe-benefits" title={blocks.benefits.title} />
        <FeatureGrid items={blocks.benefits.items} />
      </Section>
      <Section aria-label="Рассылка в цифрах">
        <StatsRow items={blocks.stats.items} />
      </Section>
    </>
  );
}
