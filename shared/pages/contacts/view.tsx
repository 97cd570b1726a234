import { css } from '@emotion/react';
import { useLoaderData } from 'react-router';
import { PageHero } from '../../blocks/PageHero.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { TitledList } from '../../blocks/TitledList.tsx';
import { colors, fontSizes, fontWeights, lineHeights, mq, radii, space } from '../../theme/theme.ts';
import { Link } from '../../ui/Link.tsx';
import { Section } from '../../ui/Section.tsx';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import { OfficeCard } from './OfficeCard.tsx';
import { bareList, columnGrid, splitGrid } from '../../ui/layoutStyles.ts';
import type { ContactsData } from './loader.ts';

const offices = splitGrid({ left: 1, right: 1, gap: space[7], wideGap: space[6] });

const directionList = css`${bareList} ${columnGrid(space[5], { md: 3 })}`;

const direction = css`
  padding: ${space[5]}; border-radius: ${radii.lg}; background: ${colors.surface}; display: flex; flex-direction: column; gap: ${space[3]};
  & h3 { margin: 0; font-size: ${fontSizes.lg}; font-weight: ${fontWeights.bold}; line-height: ${lineHeights.heading}; }
  & p { margin: 0; color: ${colors.inkMuted}; line-height: ${lineHeights.body}; }
  & a { font-size: ${fontSizes.lg}; font-weight: ${fontWeights.semibold}; color: ${colors.link}; margin-top: auto; overflow-wrap: anywhere; }
`;

const requisites = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  margin: 0;
  border-top: 1px solid ${colors.border};
  & div { display: grid; gap: ${space[1]}; padding: ${space[3]} 0; border-bottom: 1px solid ${colors.border}; }
  ${mq.md} { & div { grid-template-columns: 16rem minmax(0, 1fr); gap: ${space[5]}; } }
  & dt { color: ${colors.inkMuted}; }
  & dd { margin: 0; font-weight: ${fontWeights.medium}; overflow-wrap: anywhere; }
`;

const note = css`
  margin: ${space[5]} 0 0;
  max-width: 70ch;
  color: ${colors.inkMuted};
  font-size: ${fontSizes.sm};
  line-height: ${lineHeights.body};
`;

export default function ContactsPage() {
  const { words, offices: list } = useLoaderData<ContactsData>();
  const { blocks } = words;
  const routeByCity = new Map(blocks.howToReach.items.map((item) => [item.city, item.text]));
  return (
    <>
      <PageHero title={blocks.intro.title} eyebrow={words.title} lead={blocks.intro.text} />
      <Section labelledBy="contacts-offices" flushTop>
        <VisuallyHidden as="h2" id="contacts-offices">
          {blocks.howToReach.title}
        </VisuallyHidden>
        <div css={offices}>
          {list.map((office) => (
            <OfficeCard key={office.city} office={office} howToReach={routeByCity.get(office.city)} />
          ))}
        </div>
      </Section>
      <HeadedSection tone="alt" headingId="contacts-directions" title={blocks.directions.title}>
        <TitledList
          css={directionList}
          itemCss={direction}
          items={blocks.directions.items}
          more={(item) => <Link to={`mailto:${item.email}`}>{item.email}</Link>}
        />
      </HeadedSection>
      <HeadedSection headingId="contacts-requisites" title={blocks.requisites.title}>
        <dl css={requisites}>
          {blocks.requisites.items.map((item) => (
            <div key={item.label}>
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
        <p css={note}>{blocks.requisites.note}</p>
      </HeadedSection>
    </>
  );
}
