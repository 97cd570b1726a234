import { absoluteUrl, type JsonLdFactory } from './jsonLd.ts';

export interface Breadcrumb {
  readonly name: string;
  /** Site path with its trailing slash. */
  readonly path: string;
}

/** `BreadcrumbList` from the home page down to the current page (the last crumb). */
export function breadcrumbListJsonLd(crumbs: readonly Breadcrumb[]): JsonLdFactory {
  return (site) => ({
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(site, crumb.path),
    })),
  });
}
