import { href } from './links.ts';

/** One step of a page's trail: what it is called and its site path (with the trailing slash of §2). */
export interface Crumb {
  readonly title: string;
  readonly to: string;
}

/** Home → … → this page, declared once by a loader for the breadcrumbs and their JSON-LD alike. */
export function trailFromHome(...below: readonly Crumb[]): readonly Crumb[] {
  return [{ title: 'Главная', to: href('home') }, ...below];
}
