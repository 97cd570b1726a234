import { css } from '@emotion/react';
import { useId, useState, type ReactNode } from 'react';
import { colors, durations, easing, fontSizes, fontWeights, space } from '../theme/theme.ts';
import type { HeadingLevel } from './Heading.tsx';

export interface AccordionItem {
  readonly id?: string;
  readonly title: string;
  readonly content: ReactNode;
}

const styles = css`
  border-top: 1px solid ${colors.border};
  > div { border-bottom: 1px solid ${colors.border}; }
  h2, h3, h4, h5, h6 { margin: 0; font-size: inherit; }
`;

const triggerStyles = css`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  gap: ${space[4]};
  padding: ${space[5]} 0;
  border: 0;
  background: none;
  text-align: left;
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.semibold};
  color: ${colors.ink};
  &:hover { color: ${colors.link}; }
  svg { flex: none; width: 24px; height: 24px; transition: transform ${durations.base}ms ${easing.standard}; }
  &[aria-expanded='true'] svg { transform: rotate(45deg); }
`;

/** Height animates through a 0fr → 1fr grid row, so no content is measured in JavaScript. */
const panelStyles = css`
  display: grid;
  grid-template-rows: 0fr;
  transition: grid-template-rows ${durations.base}ms ${easing.standard};
  &[data-open='true'] { grid-template-rows: 1fr; }
  > div { overflow: hidden; }
  > div > div { padding-bottom: ${space[5]}; color: ${colors.inkMuted}; max-width: 72ch; }
`;

export interface AccordionProps {
  readonly items: readonly AccordionItem[];
  /** Level of the question headings, to fit the page outline (FAQ under an h2 → 3). */
  readonly headingLevel?: HeadingLevel;
  /** Indexes open at first. */
  readonly defaultOpen?: readonly number[];
}

/**
 * FAQ disclosure list (WAI-ARIA accordion pattern): each question is a button inside a heading
 * with `aria-expanded`/`aria-controls`; closed answers are `hidden` from assistive technology
 * but stay in the server HTML, so crawlers read every answer.
 */
export function Accordion({ items, headingLevel = 3, defaultOpen = [] }: AccordionProps) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(defaultOpen));
  const Heading = `h${headingLevel}` as const;
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <div css={styles}>
      {items.map((item, index) => {
        const isOpen = open.has(index);
        const triggerId = `${baseId}-trigger-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={item.id ?? item.title}>
            <Heading>
              <button
                type="button"
                id={triggerId}
                css={triggerStyles}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(index)}
              >
                <span>{item.title}</span>
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={triggerId} css={panelStyles} data-open={isOpen} inert={!isOpen}>
              <div>
                <div>{item.content}</div>
              </div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
