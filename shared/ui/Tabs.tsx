import { css } from '@emotion/react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { colors, durations, fontSizes, fontWeights, radii, space } from '../theme/theme.ts';

export interface TabItem {
  /** Stable key, also part of the tab's DOM id. */
  readonly key: string;
  readonly label: ReactNode;
  readonly content: ReactNode;
}

export interface TabsProps {
  readonly items: readonly TabItem[];
  /** Accessible name of the tab list. */
  readonly label: string;
  readonly orientation?: 'horizontal' | 'vertical';
  /** Controlled selection (the burger menu keeps it in its own state). */
  readonly selectedKey?: string;
  readonly onSelect?: (key: string) => void;
  /** Looks for light (default) or navy surfaces. */
  readonly tone?: 'light' | 'dark';
  /** Layout of list and panels is the caller's (Emotion `css` prop ends up here). */
  readonly className?: string;
}

const listStyles = css`
  display: flex;
  gap: ${space[2]};
  flex-wrap: wrap;
  &[aria-orientation='vertical'] { flex-direction: column; flex-wrap: nowrap; }
`;

const tabStyles = css`
  padding: ${space[2]} ${space[4]};
  border: 0;
  border-radius: ${radii.pill};
  background: transparent;
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  text-align: left;
  color: ${colors.inkMuted};
  transition: background-color ${durations.fast}ms, color ${durations.fast}ms;
  &:hover { color: ${colors.ink}; background: ${colors.surfaceAlt}; }
  &[aria-selected='true'] { color: ${colors.white}; background: ${colors.navy}; }
`;

const darkTabStyles = css`
  color: ${colors.onNavyMuted};
  &:hover { color: ${colors.white}; background: ${colors.navyRaised}; }
  &[aria-selected='true'] { color: ${colors.navy}; background: ${colors.accent}; }
`;

/** WAI-ARIA tabs, automatic activation; inactive panels are `hidden`, their links still in the server HTML. */
export function Tabs({ items, label, orientation = 'horizontal', selectedKey, onSelect, tone = 'light', className }: TabsProps) {
  const baseId = useId();
  const [ownKey, setOwnKey] = useState(items[0]?.key);
  const current = selectedKey ?? ownKey;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (key: string, focus: boolean) => {
    setOwnKey(key);
    onSelect?.(key);
    if (focus) tabRefs.current.get(key)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === current);
    const prev = orientation === 'vertical' ? 'ArrowUp' : 'ArrowLeft';
    const next = orientation === 'vertical' ? 'ArrowDown' : 'ArrowRight';
    let target: number | undefined;
    if (event.key === next) target = (index + 1) % items.length;
    else if (event.key === prev) target = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = items.length - 1;
    const item = target === undefined ? undefined : items[target];
    if (item === undefined) return;
    event.preventDefault();
    select(item.key, true);
  };

  return (
    <div data-tabs="" data-orientation={orientation} className={className}>
      <div role="tablist" aria-label={label} aria-orientation={orientation} css={listStyles} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.key === current;
          return (
            <button
              key={item.key}
              ref={(node) => {
                if (node) tabRefs.current.set(item.key, node);
                else tabRefs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${item.key}`}
              tabIndex={selected ? 0 : -1}
              css={[tabStyles, tone === 'dark' && darkTabStyles]}
              onClick={() => select(item.key, false)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${baseId}-panel-${item.key}`}
          aria-labelledby={`${baseId}-tab-${item.key}`}
          hidden={item.key !== current}
          data-tab-panel={item.key}
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
