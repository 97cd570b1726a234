import { ANCHORS } from '../browser/anchors.ts';
import { href, linkTo } from '../routes/links.ts';
import type { MenuItem } from './navigation.ts';

/* The burger menu's own links and tabs: in the menu's chunk, not in every page's first load. */

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

/** A link to a home page block as a `#fragment`: followed without scripts and without a redirect. */
export function homeAnchorLink(anchor: string): string {
  return href('home', {}, { hash: anchor });
}

export const AGENCY_LINKS: readonly MenuItem[] = [
  { title: 'Об агентстве', to: href('about'), routerLocation: 'about' },
  { title: 'Команда', to: homeAnchorLink(ANCHORS.mainPageTeamBlock) },
  { title: 'Тарифы', to: homeAnchorLink(ANCHORS.tariffs) },
  { title: 'Правовая информация', to: href('documents'), routerLocation: 'documents' },
  { title: 'Карта сайта', to: href('sitemap'), routerLocation: 'sitemap' },
];

export const BLOG_LINKS: readonly MenuItem[] = [
  { title: 'Все статьи', to: href('blog'), routerLocation: 'blog' },
  { title: 'Подписка на новые статьи', to: linkTo('subscribe'), routerLocation: 'subscribe' },
];

export const CAREER_LINKS: readonly MenuItem[] = [
  { title: 'Карьера в «Верфи»', to: linkTo('career'), routerLocation: 'career' },
  { title: 'Стажировка', to: linkTo('career', ANCHORS.internship) },
  { title: 'Реферальная программа', to: linkTo('referral'), routerLocation: 'referral' },
];
