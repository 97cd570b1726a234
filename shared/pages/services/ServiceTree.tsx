import { css } from '@emotion/react';
import type { ServiceNode } from '../../content/contentApi.ts';
import { colors, durations, fontSizes, fontWeights, lineHeights, mq, space } from '../../theme/theme.ts';
import { Link } from '../../ui/Link.tsx';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import { href } from '../../routes/links.ts';
import { bareList, columnGrid, splitGrid } from '../../ui/layoutStyles.ts';

const list = css`${bareList} border-top: 1px solid ${colors.ink};`;

const direction = css`
  ${splitGrid({ left: 5, right: 7, gap: space[4], wideGap: space[8] })}
  padding: ${space[6]} 0;
  border-bottom: 1px solid ${colors.border};
  ${mq.lg} { padding: ${space[7]} 0; }
  & h3 { margin: 0; font-size: ${fontSizes.h3}; line-height: ${lineHeights.heading}; font-weight: ${fontWeights.bold}; }
  & h3 a { color: ${colors.ink}; text-decoration: none; transition: color ${durations.fast}ms; }
  & h3 a:hover { color: ${colors.link}; }
`;

const category = css`
  display: block;
  margin-bottom: ${space[2]};
  color: ${colors.inkMuted};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
`;

const children = css`
  & > ul {
    ${bareList}
    ${columnGrid(`${space[1]} ${space[5]}`, { md: 2 })}
    ${mq.md} { align-items: start; }
  }
  & a {
    display: inline-flex;
    min-height: 44px;
    align-items: center;
    color: ${colors.ink};
    font-size: ${fontSizes.lg};
    text-decoration: none;
  }
  & a:hover { color: ${colors.link}; text-decoration: underline; }
  & ul ul { margin: 0 0 ${space[2]}; padding-left: ${space[4]}; border-left: 2px solid ${colors.border}; list-style: none; }
  & ul ul a { font-size: ${fontSizes.md}; color: ${colors.inkMuted}; min-height: 36px; }
`;

function Children({ nodes }: { readonly nodes: readonly ServiceNode[] }) {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.path}>
          <Link to={href('service', { '*': node.path })}>{node.title}</Link>
          {node.children.length > 0 ? <Children nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The services tree of §2: each direction with its sub-services and their own children. */
export function ServiceTree({ tree, headingId }: { readonly tree: readonly ServiceNode[]; readonly headingId: string }) {
  return (
    <>
      <VisuallyHidden as="h2" id={headingId}>
        Все услуги
      </VisuallyHidden>
      <ul css={list}>
        {tree.map((node) => (
          <li css={direction} key={node.path}>
            <div>
              <span css={category}>{node.category}</span>
              <h3>
                <Link to={href('service', { '*': node.path })}>{node.title}</Link>
              </h3>
            </div>
            {node.children.length > 0 ? (
              <div css={children}>
                <Children nodes={node.children} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
