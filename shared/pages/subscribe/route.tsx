import { useLoaderData } from 'react-router';
import type { Infer } from 'superstruct';
import { FeatureGrid } from '../../blocks/FeatureGrid.tsx';
import { PageHero } from '../../blocks/PageHero.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { StatsRow } from '../../blocks/StatsRow.tsx';
import { SubscribeSection } from '../../blocks/SubscribeSection.tsx';
import type { PageLoaderArgs } from '../../routes/pageModule.ts';
import { Section } from '../../ui/Section.tsx';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { wordsMeta } from '../wordsMeta.ts';
import { SubscribeBlocks } from './subscribeWords.ts';

export interface SubscribeData {
  readonly words: PageWords<Infer<typeof SubscribeBlocks>>;
}

export async function loader({ context }: PageLoaderArgs): Promise<SubscribeData> {
  return { words: await loadPageWords(context.content, 'subscribe', SubscribeBlocks) };
}

export const meta = wordsMeta;

export default function SubscribePage() {
  const { words } = useLoaderData<SubscribeData>();
  const { blocks } = words;
  return (
    <>
      <PageHero title={blocks.hero.title} eyebrow={words.title} lead={blocks.hero.text} />
      <SubscribeSection anchor={blocks.form.anchor} title={blocks.form.title} intro={blocks.form.text} footnote={blocks.form.note} />
      <HeadedSection tone="alt" headingId="subscribe-benefits" title={blocks.benefits.title}>
        <FeatureGrid items={blocks.benefits.items} />
      </HeadedSection>
      <Section aria-label="Рассылка в цифрах">
        <StatsRow items={blocks.stats.items} />
      </Section>
    </>
  );
}
