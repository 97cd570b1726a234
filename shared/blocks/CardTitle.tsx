import type { ReactNode } from 'react';
import { Link } from '../ui/Link.tsx';
import { cardTitle, stretchedLink } from './cardStyles.ts';

export type CardHeading = 'h2' | 'h3';

/** A card's title: its link is stretched over the whole card (one tab stop, one accessible name; `cardStyles.ts`). */
export function CardTitle({ level, to, children }: { readonly level: CardHeading; readonly to: string; readonly children: ReactNode }) {
  const Heading = level;
  return (
    <Heading css={cardTitle}>
      <Link className="card-title-link" css={stretchedLink} to={to}>
        {children}
      </Link>
    </Heading>
  );
}
