import type { ReactNode } from 'react';
import { cardGrid } from './cardStyles.ts';

/** Documents (articles, projects, specializations) as a grid of cards: a list of one card each, keyed by the slug. */
export function CardGrid<Item extends { readonly slug: string }>({
  items,
  card,
}: {
  readonly items: readonly Item[];
  readonly card: (item: Item) => ReactNode;
}) {
  return (
    <ul css={cardGrid}>
      {items.map((item) => (
        <li key={item.slug}>{card(item)}</li>
      ))}
    </ul>
  );
}
