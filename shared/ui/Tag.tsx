import { css } from '@emotion/react';
import type { HTMLAttributes, ReactNode } from 'react';
import { colors, durations, fontSizes, fontWeights, radii, space } from '../theme/theme.ts';
import { Link } from './Link.tsx';

const base = css`
  display: inline-flex;
  align-items: center;
  min-height: 32px;
  padding: ${space[1]} ${space[3]};
  border-radius: ${radii.pill};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.medium};
  line-height: 1.3;
  white-space: nowrap;
  background: ${colors.surfaceAlt};
  color: ${colors.ink};
`;

/** A static label (article tag, project industry). */
export function Tag({ children, ...rest }: HTMLAttributes<HTMLSpanElement> & { readonly children: ReactNode }) {
  return (
    <span css={base} {...rest}>
      {children}
    </span>
  );
}

const chipStyles = css`
  ${base};
  min-height: 40px;
  padding-inline: ${space[4]};
  border: 1px solid ${colors.borderStrong};
  background: ${colors.surface};
  text-decoration: none;
  transition: background-color ${durations.fast}ms, color ${durations.fast}ms, border-color ${durations.fast}ms;
  &:hover { border-color: ${colors.navy}; color: ${colors.ink}; }
  &[aria-current='page'], &[aria-pressed='true'] { background: ${colors.navy}; border-color: ${colors.navy}; color: ${colors.white}; }
`;

export interface ChipLinkProps {
  readonly to: string;
  readonly selected?: boolean;
  readonly children: ReactNode;
}

/** A filter chip that navigates (blog tags, project industries); the selected one is the current page. */
export function ChipLink({ to, selected = false, children }: ChipLinkProps) {
  return (
    <Link to={to} css={chipStyles} aria-current={selected ? 'page' : undefined}>
      {children}
    </Link>
  );
}

export interface ChipButtonProps extends Omit<HTMLAttributes<HTMLButtonElement>, 'onClick'> {
  readonly pressed: boolean;
  readonly onClick: () => void;
  readonly children: ReactNode;
}

/** A toggle chip for filters that stay on the page. */
export function ChipButton({ pressed, onClick, children, ...rest }: ChipButtonProps) {
  return (
    <button type="button" css={chipStyles} aria-pressed={pressed} onClick={onClick} {...rest}>
      {children}
    </button>
  );
}
