import type { RouteId } from '../routes/table.ts';
import { href } from '../routes/links.ts';

/** §3 "Menu item: title, routerLocation, to": `routerLocation` is the route the item stands for. */
export interface MenuItem {
  readonly title: string;
  readonly to: string;
  readonly routerLocation?: RouteId;
}

/** §2 Header: the five links (agency, services, projects, blog, contacts). */
export const HEADER_LINKS: readonly MenuItem[] = [
  { title: 'Агентство', to: href('about'), routerLocation: 'about' },
  { title: 'Услуги', to: href('services'), routerLocation: 'services' },
  { title: 'Проекты', to: href('projects'), routerLocation: 'projects' },
  { title: 'Блог', to: href('blog'), routerLocation: 'blog' },
  { title: 'Контакты', to: href('contacts'), routerLocation: 'contacts' },
];

/** §2 Footer products: under /services/razrabotka/. */
export const FOOTER_PRODUCTS: readonly MenuItem[] = [
  { title: 'Разработка сайтов', to: href('service', { '*': 'razrabotka/razrabotka-saytov' }) },
  { title: 'Веб-сервисы', to: href('service', { '*': 'razrabotka/razrabotka-veb-servisov' }) },
  { title: 'Корпоративное ПО', to: href('service', { '*': 'razrabotka/razrabotka-korporativnogo-po' }) },
  { title: 'Мобильные приложения', to: href('service', { '*': 'razrabotka/razrabotka-mobilnyh-prilozheniy' }) },
];

/** §2 the project list of each industry, as menu links. */
export const industryLinks = (filters: readonly { readonly slug: string; readonly title: string }[]): MenuItem[] =>
  filters.map((filter) => ({ title: filter.title, to: href('projects-industry', { slug: filter.slug }) }));
