import { useState, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { linkedPageOf } from '../routes/pageLinkTarget.ts';

/** Marks a static part (tests and styles may look for it). */
export const STATIC_PART_ATTRIBUTE = 'data-static-part';

const KEEP_SERVER_HTML = { __html: '' };
const subscribeToNothing = () => () => undefined;

export interface StaticPartProps {
  /** The element of the part (`div` unless a landmark or a list is meant). */
  readonly as?: 'div' | 'header' | 'section' | 'ul';
  readonly className?: string;
  readonly children: ReactNode;
}

/** A part hydration keeps as the server's HTML, no tree built; its links navigate in the app (§2, decision 025). */
export function StaticPart({ as: Tag = 'div', className, children }: StaticPartProps) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const [serverHtmlOf] = useState(() => (hydrating && typeof window !== 'undefined' ? `${pathname}${search}` : undefined));
  const followLink = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = linkedPageOf(event.target);
    if (url === null) return;
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };
  const attributes = { [STATIC_PART_ATTRIBUTE]: '', className, onClick: followLink };
  // Another key for the rendered children: React replaces the kept element rather than adding to it.
  return serverHtmlOf === `${pathname}${search}` ? (
    <Tag key="server" {...attributes} suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_HTML} />
  ) : (
    <Tag key="browser" {...attributes}>
      {children}
    </Tag>
  );
}
