import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink } from 'react-router';
import { withTrailingSlash } from '../routes/links.ts';
import { VisuallyHidden } from './VisuallyHidden.tsx';

/** `https://…`, `http://…` and protocol-relative URLs leave the site. */
export function isExternalUrl(to: string): boolean {
  return /^(?:https?:)?\/\//i.test(to);
}

/** `mailto:` and `tel:` are handled by the browser, never by the router nor a new tab. */
export function isProtocolLink(to: string): boolean {
  return /^(?:mailto|tel|sms):/i.test(to);
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  readonly to: string;
  /** Highlights the link of the current section (`aria-current="page"` on an exact match). */
  readonly nav?: boolean;
  /** With `nav`: only an exact path match counts as current. */
  readonly end?: boolean;
  readonly ref?: Ref<HTMLAnchorElement>;
  readonly children: ReactNode;
}

/** The one link: internal paths get §2's trailing slash and the router; external ones a new tab, said aloud. */
export function Link({ to, nav = false, end, children, ...rest }: LinkProps) {
  if (isExternalUrl(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        <VisuallyHidden> (откроется в новой вкладке)</VisuallyHidden>
      </a>
    );
  }
  if (isProtocolLink(to)) {
    return (
      <a href={to} {...rest}>
        {children}
      </a>
    );
  }
  const target = withTrailingSlash(to);
  if (nav) {
    return (
      <RouterNavLink to={target} end={end} {...rest}>
        {children}
      </RouterNavLink>
    );
  }
  return (
    <RouterLink to={target} {...rest}>
      {children}
    </RouterLink>
  );
}
