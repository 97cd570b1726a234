import { css } from '@emotion/react';
import { useLoaderData } from 'react-router';
import { demoteHeadings } from '../../blocks/demoteHeadings.ts';
import { formatArticleDate, isoDate } from '../../format/russianDates.ts';
import { HtmlBody } from '../../blocks/HtmlBody.tsx';
import { PageHero } from '../../blocks/PageHero.tsx';
import { colors, fontSizes, fontWeights, lineHeights, mq, radii, space } from '../../theme/theme.ts';
import { Heading } from '../../ui/Heading.tsx';
import { Section } from '../../ui/Section.tsx';
import { bareList, splitGrid } from '../../ui/layoutStyles.ts';
import type { DocumentsData } from './loader.ts';

const layout = splitGrid({ left: 4, right: 8, gap: space[8], wideGap: space[9], align: 'start' });

const toc = css`
  ${mq.lg} { position: sticky; top: calc(var(--header-height, 90px) + ${space[5]}); }
  & h2 { margin: 0 0 ${space[4]}; }
  & ol { ${bareList} display: grid; gap: ${space[3]}; }
  & a { display: block; padding: ${space[4]}; border-radius: ${radii.md}; background: ${colors.surfaceAlt}; color: ${colors.ink}; text-decoration: none; }
  & a:hover { background: ${colors.border}; }
  & strong { display: block; font-weight: ${fontWeights.bold}; }
  & span { display: block; margin-top: ${space[1]}; color: ${colors.inkMuted}; font-size: ${fontSizes.sm}; line-height: ${lineHeights.body}; }
`;

const operator = css`
  margin-top: ${space[6]};
  padding: ${space[4]};
  border-left: 3px solid ${colors.accent};
  & h2 { margin: 0 0 ${space[2]}; }
  & p { margin: 0; color: ${colors.inkMuted}; font-size: ${fontSizes.sm}; line-height: ${lineHeights.body}; }
`;

const documentStyles = css`
  scroll-margin-top: ${space[4]};
  & + & { margin-top: ${space[9]}; padding-top: ${space[8]}; border-top: 1px solid ${colors.border}; }
  & h2 { margin: 0; }
`;

const updated = css`margin: ${space[3]} 0 ${space[6]}; color: ${colors.inkMuted}; font-size: ${fontSizes.sm};`;

/** The legal documents of the site, all on one page with a table of contents. */
export default function DocumentsPage() {
  const { words, documents } = useLoaderData<DocumentsData>();
  const { blocks } = words;
  const summaryOf = new Map(blocks.list.items.map((item) => [item.slug, item.text]));
  return (
    <>
      <PageHero title={blocks.intro.title} lead={blocks.intro.text} />
      {/* The documents' block has no heading of its own (its table of contents and each document have theirs). */}
      <Section flushTop element="div">
        <div css={layout}>
          <aside css={toc}>
            <nav aria-labelledby="documents-toc">
              <Heading level={2} size="h4" id="documents-toc">
                {blocks.list.title}
              </Heading>
              <ol>
                {documents.map((document) => (
                  <li key={document.slug}>
                    <a href={`#${document.slug}`}>
                      <strong>{document.title}</strong>
                      {summaryOf.get(document.slug) ? <span>{summaryOf.get(document.slug)}</span> : null}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
            <div css={operator}>
              <Heading level={2} size="lg">
                {blocks.operator.title}
              </Heading>
              <p>{blocks.operator.text}</p>
            </div>
          </aside>
          <div>
            {documents.map((document) => (
              <article css={documentStyles} id={document.slug} key={document.slug} aria-labelledby={`${document.slug}-title`}>
                <Heading level={2} size="h3" id={`${document.slug}-title`}>
                  {document.title}
                </Heading>
                <p css={updated}>
                  Редакция от <time dateTime={isoDate(document.updated)}>{formatArticleDate(document.updated)}</time>
                </p>
                <HtmlBody html={demoteHeadings(document.html)} title={document.title} />
              </article>
            ))}
          </div>
        </div>
      </Section>
    </>
  );
}
