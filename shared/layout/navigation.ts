import type { RouteId } from '../routes/table.ts';

/** §3 "Menu item: title, routerLocation, to": `routerLocation` is the route the item stands for. */
export interface MenuItem {
  readonly title: string;
  readonly to: string;
  readonly routerLocation?: RouteId;
}

/** §2 Header: the five links (agency, services, projects, blog, contacts). */
export const HEADER_LINKS: readonly MenuItem[] = [
  { title: 'Агентство', to: '/about/', routerLocation: 'about' },
  { title: 'Услуги', to: '/services/', routerLocation: 'services' },
  { title: 'Проекты', to: '/projects/', routerLocation: 'projects' },
  { title: 'Блог', to: '/blog/', routerLocation: 'blog' },
  { title: 'Контакты', to: '/contacts/', routerLocation: 'contacts' },
];

/** §2 Footer products: under /services/razrabotka/. */
export const FOOTER_PRODUCTS: readonly MenuItem[] = [
  { title: 'Разработка сайтов', to: '/services/razrabotka/razrabotka-saytov/' },
  { title: 'Веб-сервисы', to: '/services/razrabotka/razrabotka-veb-servisov/' },
  { title: 'Корпоративное ПО', to: '/services/razrabotka/razrabotka-korporativnogo-po/' },
  { title: 'Мобильные приложения', to: '/services/razrabotka/razrabotka-mobilnyh-prilozheniy/' },
];

export function industryLink(slug: string): string {
  return `/projects/${slug}/`;
}
