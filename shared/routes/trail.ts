import { href } from './links.ts';

/** One step of a page's trail: what it is called and its site path (with the trailing slash of §2). */
export interface Crumb {
  readonly title: string;
  readonly to: string;
}

/**
 * Home → … → this page (the last crumb). A page's loader declares its trail once with this; the
 * page shows it as breadcrumbs (`shared/ui/Breadcrumbs.tsx`) and its meta declares the same steps
 * as a JSON-LD `BreadcrumbList` (`shared/seo/breadcrumbs.ts`), so the two cannot disagree.
 */
export function trailFromHome(...below: readonly Crumb[]): readonly Crumb[] {
  return [{ title: 'Главная', to: href('home') }, ...below];
}
