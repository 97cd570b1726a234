import type { QueryParamName } from './queryParams.ts';

/** The root route: the layout every page renders in (`shared/app/root.tsx`); its loader's data is the root data. */
export const ROOT_ROUTE_ID = 'root';

/** The route table of §2 for the server and the browser; each page is a folder `shared/pages/<page>/`. */
export const PAGES = [
  'home',
  'about',
  'services',
  'service',
  'projects',
  'blog',
  'author',
  'article',
  'project',
  'career',
  'contacts',
  'documents',
  'referral',
  'request',
  'subscribe',
  'success-request',
  'sitemap',
  'ui-kit',
] as const;
export type PageName = (typeof PAGES)[number];

/** Route middlewares (§2), each with a factory in server/features/pages/routing/routeMiddlewares.ts. */
export type RouteMiddlewareName = 'redirect-author';

/** `Middleware` is widened only by tests that bring a registry of their own. */
export interface RouteEntry<Middleware extends string = RouteMiddlewareName> {
  /** Unique id, also the react-router route id. */
  readonly id: string;
  readonly path: string;
  readonly page: PageName;
  /** Named routes of §2, used by the link helper and the call-to-action. */
  readonly name?: RouteName;
  readonly middleware?: readonly Middleware[];
  /** The query parameters the page reads; any other maps to the same page-cache entry (decision 010). */
  readonly query?: readonly QueryParamName[];
  /** `false`: `noindex` in its head and out of the sitemap; the one place this is decided. */
  readonly indexable?: false;
}

export const ROUTES = [
  { id: 'home', path: '/', page: 'home' },
  { id: 'about', path: '/about/', page: 'about' },
  { id: 'services', path: '/services/', page: 'services' },
  { id: 'service', path: '/services/*', page: 'service' },
  { id: 'projects', path: '/projects/', page: 'projects' },
  { id: 'projects-industry', path: '/projects/:slug/', page: 'projects' },
  { id: 'blog', path: '/blog/', page: 'blog', query: ['page'] },
  { id: 'blog-tag', path: '/blog/:slug/', page: 'blog', query: ['page'] },
  { id: 'blog-author', path: '/blog/author/:id/', page: 'author', middleware: ['redirect-author'], query: ['page'] },
  { id: 'article', path: '/material/blog/:slug/', page: 'article' },
  { id: 'project', path: '/material/projects/:slug/', page: 'project' },
  { id: 'career', path: '/career/', page: 'career', name: 'career' },
  { id: 'contacts', path: '/contacts/', page: 'contacts' },
  { id: 'documents', path: '/documents/', page: 'documents' },
  { id: 'referral', path: '/referral/', page: 'referral', name: 'referral' },
  { id: 'request', path: '/request/', page: 'request', query: ['serviceType'] },
  { id: 'subscribe', path: '/subscribe/', page: 'subscribe', name: 'subscribe' },
  { id: 'success-request', path: '/success/request/', page: 'success-request', name: 'success-request', indexable: false },
  { id: 'sitemap', path: '/sitemap/', page: 'sitemap' },
  { id: 'ui-kit', path: '/_ui_kit/', page: 'ui-kit', indexable: false },
] as const satisfies readonly RouteEntry[];

export type RouteName = 'career' | 'referral' | 'subscribe' | 'success-request';
export type RouteId = (typeof ROUTES)[number]['id'];

/** Whether search engines may list the page of the route (`RouteEntry.indexable`). */
export function isIndexable(routeId: string): boolean {
  return (ROUTES as readonly RouteEntry[]).find((route) => route.id === routeId)?.indexable !== false;
}
