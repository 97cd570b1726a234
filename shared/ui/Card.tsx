import { css } from '@emotion/react';
import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import { colors, durations, easing, radii, shadows, space } from '../theme/theme.ts';
import { paddedStack } from './layoutStyles.ts';
import { Link } from './Link.tsx';

// Serialized once, not on every render.
const altTone = css`background: ${colors.surfaceAlt}; border-color: transparent;`;

const base = css`
  ${paddedStack({ gap: space[3], padding: space[5], radius: radii.lg })}
  position: relative;
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  transition: box-shadow ${durations.base}ms ${easing.standard}, transform ${durations.base}ms ${easing.standard};
`;

/** The whole card is clickable through its title link stretched over it (one tab stop, one name). */
const linkedStyles = css`
  &:hover, &:focus-within { box-shadow: ${shadows.card}; transform: translateY(-2px); }
  [data-card-link] { color: inherit; text-decoration: none; }
  [data-card-link]::after { content: ''; position: absolute; inset: 0; border-radius: inherit; }
  &:hover [data-card-link] { text-decoration: underline; }
  /* The focus ring goes round the whole card where the browser can tell (:has), else the link. */
  @supports selector(:has(*)) {
    [data-card-link]:focus-visible { outline: none; }
    &:has([data-card-link]:focus-visible) { outline: 3px solid ${colors.link}; outline-offset: 2px; }
  }
`;

export interface CardProps extends HTMLAttributes<HTMLElement> {
  readonly as?: ElementType;
  readonly tone?: 'default' | 'alt';
  readonly children: ReactNode;
}

/** A card; put a `<CardLink>` in its heading to make the whole card a link. */
export function Card({ as: Tag = 'article', tone = 'default', children, ...rest }: CardProps) {
  return (
    <Tag css={[base, linkedStyles, tone === 'alt' && altTone]} {...rest}>
      {children}
    </Tag>
  );
}

/** The title link of a card; its hit area covers the whole card. */
export function CardLink({ to, children }: { readonly to: string; readonly children: ReactNode }) {
  return (
    <Link to={to} data-card-link="">
      {children}
    </Link>
  );
}
