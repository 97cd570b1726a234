import { css } from '@emotion/react';
import { colors, fontSizes, fontWeights, lineHeights, radii, space } from '../theme/theme.ts';

/** On the box a wide table scrolls in. */
const TABLE_SCROLL = 'data-table-scroll';

const prose = css`
  max-width: 72ch;
  font-size: ${fontSizes.lg};
  line-height: ${lineHeights.body};
  color: ${colors.ink};
  overflow-wrap: break-word;

  & > * { margin-block: 0; }
  & > * + * { margin-top: ${space[4]}; }
  h2, h3, h4 { line-height: ${lineHeights.heading}; font-weight: ${fontWeights.bold}; }
  h2 { font-size: ${fontSizes.h3}; }
  h3 { font-size: ${fontSizes.h4}; }
  h4 { font-size: ${fontSizes.xl}; }
  & > * + h2 { margin-top: ${space[7]}; }
  & > * + h3, & > * + h4 { margin-top: ${space[6]}; }
  & > h2 + *, & > h3 + *, & > h4 + * { margin-top: ${space[3]}; }
  p { margin-bottom: 0; }
  ul, ol { padding-left: 1.4em; margin-bottom: 0; }
  li + li { margin-top: ${space[2]}; }
  li::marker { color: ${colors.inkMuted}; }
  strong { font-weight: ${fontWeights.bold}; }
  a { color: ${colors.link}; text-decoration-thickness: 1px; text-underline-offset: 0.2em; }
  a:hover { color: ${colors.linkHover}; text-decoration-thickness: 2px; }
  blockquote {
    margin-left: 0; padding: ${space[4]} ${space[5]}; border-left: 4px solid ${colors.accent};
    background: ${colors.surfaceAlt}; border-radius: 0 ${radii.md} ${radii.md} 0;
  }
  code { font-size: 0.9em; background: ${colors.surfaceAlt}; padding: 0.1em 0.35em; border-radius: ${radii.sm}; }
  [${TABLE_SCROLL}] { overflow-x: auto; }
  table { width: 100%; border-collapse: collapse; font-size: ${fontSizes.md}; }
  th, td { border-bottom: 1px solid ${colors.border}; padding: ${space[2]} ${space[3]}; text-align: left; vertical-align: top; }
  hr { border: 0; border-top: 1px solid ${colors.border}; margin: ${space[7]} 0; }
`;

/** A Markdown body, trusted: the content client escapes raw HTML (`server/platform/content/client/markdown.ts`). */
export function HtmlBody({ html, title, className }: { readonly html: string; readonly title?: string; readonly className?: string }) {
  return <div css={prose} className={className} dangerouslySetInnerHTML={{ __html: withScrollingTables(html, title) }} />;
}

/** A wide table scrolls in a focusable, named region (WCAG 2.1.1); the Markdown's tables are plain tags. */
export function withScrollingTables(html: string, title?: string): string {
  const parts = html.split('<table');
  if (parts.length === 1) return html;
  const of = title === undefined ? '' : ` — ${title.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')}`;
  const name = (index: number) => `${parts.length === 2 ? 'Таблица' : `Таблица ${index}`}${of}`;
  return parts
    .map((part, index) =>
      index === 0
        ? part
        : `<div ${TABLE_SCROLL} role="region" tabindex="0" aria-label="${name(index)}"><table${part.replaceAll('</table>', '</table></div>')}`,
    )
    .join('');
}
