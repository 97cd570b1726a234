import type { ElementType, HTMLAttributes, ReactNode } from 'react';

/** Props of a component that renders the element `as` names (or its own default) around its children. */
export interface ElementProps extends HTMLAttributes<HTMLElement> {
  readonly as?: ElementType;
  readonly children: ReactNode;
}
