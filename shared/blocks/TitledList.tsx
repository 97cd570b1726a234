import type { SerializedStyles } from '@emotion/react';
import type { ReactNode } from 'react';

/** A titled text of the page words (`TitledText` in shared/pages/blockStructs.ts). */
export interface TitledText {
  readonly title: string;
  readonly text: string;
}

/** Titled texts as a list, each an h3 and a paragraph and `more`; the looks are the caller's. */
export function TitledList<Item extends TitledText>({
  items,
  itemCss,
  ordered = false,
  more,
  className,
}: {
  readonly items: readonly Item[];
  readonly itemCss: SerializedStyles;
  /** An `<ol>`, for numbered steps. */
  readonly ordered?: boolean;
  readonly more?: (item: Item) => ReactNode;
  readonly className?: string;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className}>
      {items.map((item) => (
        <li css={itemCss} key={item.title}>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
          {more?.(item)}
        </li>
      ))}
    </List>
  );
}
