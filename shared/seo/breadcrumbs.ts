import type { Crumb } from '../routes/trail.ts';
import { absoluteUrl, type JsonLdFactory } from './jsonLd.ts';

/** `BreadcrumbList` from the home page down to the current page (the last crumb). */
export function breadcrumbListJsonLd(crumbs: readonly Crumb[]): JsonLdFactory {
  return (site) => ({
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.title,
      item: absoluteUrl(site, crumb.to),
    })),
  });
}
