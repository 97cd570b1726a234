import { css } from '@emotion/react';
import { useLoaderData } from 'react-router';
import { PageHero } from '../../blocks/PageHero.tsx';
import { colors, fontSizes, fontWeights, lineHeights, space } from '../../theme/theme.ts';
import { Heading } from '../../ui/Heading.tsx';
import { Link } from '../../ui/Link.tsx';
import { Section } from '../../ui/Section.tsx';
import type { SitemapNode } from './sitemapTree.ts';
import { bareList, columnGrid } from '../../ui/layoutStyles.ts';
import type { SitemapData } from './loader.ts';

const columns = css`
  ${columnGrid(`${space[8]} ${space[7]}`, { md: 2, xl: 3 })}
  & h2 { margin: 0 0 ${space[4]}; padding-bottom: ${space[3]}; border-bottom: 2px solid ${colors.ink}; }
  & h2 a { color: ${colors.ink}; text-decoration: none; }
  & h2 a:hover { color: ${colors.link}; }
`;

const tree = css`
  ${bareList}
  & li { line-height: ${lineHeights.body}; }
  & a { display: inline-block; padding: ${space[1]} 0; color: ${colors.ink}; text-decoration: none; font-size: ${fontSizes.md}; }
  & a:hover { color: ${colors.link}; text-decoration: underline; }
  & > li > a { font-weight: ${fontWeights.semibold}; }
  & ul { margin: 0 0 ${space[2]}; padding-left: ${space[4]}; border-left: 1px solid ${colors.border}; list-style: none; }
  & ul a { color: ${colors.inkMuted}; font-size: ${fontSizes.sm}; }
`;

function Branch({ nodes, className }: { readonly nodes: readonly SitemapNode[]; readonly className?: string }) {
  return (
    <ul className={className}>
      {nodes.map((node) => (
        <li key={node.to}>
          <Link to={node.to}>{node.title}</Link>
          {node.children.length > 0 ? <Branch nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** §2 /sitemap: every page of the site as a tree. */
export default function SitemapPage() {
  const { words, tree: sections } = useLoaderData<SitemapData>();
  return (
    <>
      <PageHero title={words.blocks.intro.title} lead={words.blocks.intro.text} />
      <Section flushTop aria-label={words.blocks.intro.title}>
        <div css={columns}>
          {sections.map((section) => (
            <section key={section.to} aria-labelledby={`sitemap-${section.to.replace(/\W+/g, '') || 'main'}`}>
              <Heading level={2} size="h4" id={`sitemap-${section.to.replace(/\W+/g, '') || 'main'}`}>
                <Link to={section.to}>{section.title}</Link>
              </Heading>
              <Branch css={tree} nodes={section.children} />
            </section>
          ))}
        </div>
      </Section>
    </>
  );
}
