import { ANCHORS, ELEMENT_ANCHOR_PARAM } from '../app/anchors.ts';
import { linkTo } from '../routes/links.ts';
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

/** §2 burger menu tabs, in order. */
export const BURGER_TABS = [
  { key: 'agency', title: 'Агентство' },
  { key: 'services', title: 'Услуги' },
  { key: 'projects', title: 'Проекты' },
  { key: 'blog', title: 'Блог' },
  { key: 'contacts', title: 'Контакты' },
  { key: 'vacancies', title: 'Вакансии' },
  { key: 'career', title: 'Карьера' },
] as const;
export type BurgerTabKey = (typeof BURGER_TABS)[number]['key'];

/** A link to a block of the home page through §5's `element_anchor_id`. */
export function homeAnchorLink(anchor: string): string {
  return `/?${ELEMENT_ANCHOR_PARAM}=${encodeURIComponent(anchor)}`;
}

export const AGENCY_LINKS: readonly MenuItem[] = [
  { title: 'Об агентстве', to: '/about/', routerLocation: 'about' },
  { title: 'Команда', to: homeAnchorLink(ANCHORS.mainPageTeamBlock) },
  { title: 'Тарифы', to: homeAnchorLink(ANCHORS.tariffs) },
  { title: 'Правовая информация', to: '/documents/', routerLocation: 'documents' },
  { title: 'Карта сайта', to: '/sitemap/', routerLocation: 'sitemap' },
];

export const BLOG_LINKS: readonly MenuItem[] = [
  { title: 'Все статьи', to: '/blog/', routerLocation: 'blog' },
  { title: 'Подписка на новые статьи', to: linkTo('subscribe'), routerLocation: 'subscribe' },
];

export const CAREER_LINKS: readonly MenuItem[] = [
  { title: 'Карьера в «Верфи»', to: linkTo('career'), routerLocation: 'career' },
  { title: 'Стажировка', to: linkTo('career', ANCHORS.internship) },
  { title: 'Реферальная программа', to: linkTo('referral'), routerLocation: 'referral' },
];

/** §2 Footer products: under /services/razrabotka/. */
export const FOOTER_PRODUCTS: readonly MenuItem[] = [
  { title: 'Разработка сайтов', to: '/services/razrabotka/razrabotka-saytov/' },
  { title: 'Веб-сервисы', to: '/services/razrabotka/razrabotka-veb-servisov/' },
  { title: 'Корпоративное ПО', to: '/services/razrabotka/razrabotka-korporativnogo-po/' },
  { title: 'Мобильные приложения', to: '/services/razrabotka/razrabotka-mobilnyh-prilozheniy/' },
];

/** §2 "The projects menu shows the first 6 industries in one column and the rest in another." */
export const INDUSTRIES_FIRST_COLUMN = 6;

export function splitIndustryColumns<T>(industries: readonly T[]): readonly [readonly T[], readonly T[]] {
  return [industries.slice(0, INDUSTRIES_FIRST_COLUMN), industries.slice(INDUSTRIES_FIRST_COLUMN)];
}

export function industryLink(slug: string): string {
  return `/projects/${slug}/`;
}

export function serviceLink(path: string): string {
  return `/services/${path}/`;
}
