/**
 * The routing facts of the specification (§2, §3, §5), written out again by hand from its text —
 * deliberately NOT imported from the code — so the suites catch a rule that drifts from the
 * specification even when the code and its data agree with each other.
 */

/** §2 Route list: one concrete URL per route (with the trailing slash the site uses). */
export const SPEC_STATIC_PAGES = [
  '/',
  '/about/',
  '/services/',
  '/projects/',
  '/blog/',
  '/career/',
  '/contacts/',
  '/documents/',
  '/referral/',
  '/request/',
  '/subscribe/',
  '/success/request/',
  '/sitemap/',
  '/_ui_kit/',
] as const;

/** §2 Named routes. */
export const SPEC_NAMED_ROUTES = {
  career: '/career/',
  referral: '/referral/',
  subscribe: '/subscribe/',
  'success-request': '/success/request/',
} as const;

/** §2 Service pages, every one of them, as paths under /services/. */
export const SPEC_SERVICE_PAGES = [
  'analitika',
  'analitika/ux-analitika',
  'autstaff',
  'postcard',
  'tehnicheskaya-podderzhka',
  'dizayn',
  'dizayn/3d-dizayn',
  'dizayn/dizayn-dashbordov',
  'dizayn/dizayn-interfeysov',
  'dizayn/dizayn-mobilnyh-prilozheniy',
  'dizayn/dizayn-promyshlennogo-oborudovaniya',
  'dizayn/dizayn-saytov',
  'prodvizhenie',
  'prodvizhenie/geo',
  'prodvizhenie/kompleksnoe-prodvizhenie',
  'prodvizhenie/kontekstnaya-reklama',
  'prodvizhenie/seo',
  'prodvizhenie/seo/blog',
  'prodvizhenie/seo/e-commerce',
  'prodvizhenie/smm',
  'prodvizhenie/targetirovannaya-reklama',
  'prodvizhenie/targetirovannaya-reklama/vk',
  'razrabotka',
  'razrabotka/razrabotka-korporativnogo-po',
  'razrabotka/razrabotka-mobilnyh-prilozheniy',
  'razrabotka/razrabotka-veb-servisov',
  'razrabotka/razrabotka-saytov',
  'razrabotka/razrabotka-saytov/razrabotka-adaptivnyh-saytov',
  'razrabotka/razrabotka-saytov/razrabotka-informatsionnyh-saytov',
  'razrabotka/razrabotka-saytov/razrabotka-interaktivnyh-3d-saytov',
  'razrabotka/razrabotka-saytov/razrabotka-internet-magazina',
  'razrabotka/razrabotka-saytov/razrabotka-korporativnogo-sayta',
  'razrabotka/razrabotka-saytov/razrabotka-lendinga',
  'razrabotka/razrabotka-saytov/razrabotka-promo-sayta',
  'razrabotka/razrabotka-saytov/razrabotka-sayta-kataloga',
  'razrabotka/razrabotka-saytov/razrabotka-sayta-vizitki',
  'razrabotka/razrabotka-saytov/razrabotka-slozhnyh-saytov',
] as const;

/** §2 Redirects: old path under /services/ → new path under /services/ (one row per old path). */
export const SPEC_SERVICE_REDIRECTS: Readonly<Record<string, string>> = {
  'static/analytics': 'analitika',
  outstaff: 'autstaff',
  'mobile-design': 'dizayn/dizayn-mobilnyh-prilozheniy',
  'web-design': 'dizayn/dizayn-saytov',
  'autsorsing-otdela-marketinga': 'prodvizhenie/kompleksnoe-prodvizhenie',
  context: 'prodvizhenie/kontekstnaya-reklama',
  'seo-for-blogs': 'prodvizhenie/seo',
  'seo-prodvizhenie-internet-magazina': 'prodvizhenie/seo',
  seo: 'prodvizhenie/seo',
  smm: 'prodvizhenie/smm',
  'promoting-business-in-vkontakte': 'prodvizhenie/targetirovannaya-reklama',
  'target-ads': 'prodvizhenie/targetirovannaya-reklama',
  'corporate-sites': 'razrabotka/razrabotka-korporativnogo-po',
  mobile: 'razrabotka/razrabotka-mobilnyh-prilozheniy',
  'web-dev': 'razrabotka/razrabotka-saytov',
  'services/services': 'razrabotka/razrabotka-veb-servisov',
  'static/support': 'tehnicheskaya-podderzhka',
};

/** §2 Project pages by industry. */
export const SPEC_INDUSTRIES = [
  'medicine',
  'industrial',
  'goverment',
  'construction',
  'education',
  'communications',
  'finance',
  'ecom',
  'horeca',
  'smi',
  'b2b',
  'entertainment',
] as const;

/** §2 "/projects/material and /blog/material (with or without trailing slash) redirect … to /projects". */
export const SPEC_MATERIAL_REDIRECTS = ['/projects/material', '/projects/material/', '/blog/material', '/blog/material/'] as const;

/** §3 Author ids 1 to 16; 9 and 10 have no slug; 12 is the generic (editorial) slug. */
export const SPEC_AUTHOR_IDS = Array.from({ length: 16 }, (_, index) => index + 1);
export const SPEC_AUTHORS_WITHOUT_SLUG = [9, 10] as const;
export const SPEC_EDITORIAL_AUTHOR = { id: 12, slug: 'redaktsiya' } as const;

/** §2 error page texts. */
export const SPEC_NOT_FOUND_TITLE = 'Страница не найдена';

/**
 * One URL per page (docs/decisions/018-…, on §2's canonical link and §5's lower-case slugs): a
 * canonical URL of each route kind, as the seed content has them, and the forms of it a crawler
 * or a scanner may send that must each be one 301 to it (query kept). §5's slug rules keep the
 * case of their slug: a known blog tag in another case is "Moved to /blog/{slug}/", an unknown one
 * is not found; an industry slug must match exactly, otherwise not found.
 */
export const ONE_URL_PER_PAGE = {
  page: '/about/',
  list: '/blog/',
  servicePath: '/services/razrabotka/razrabotka-saytov/',
  article: '/material/blog/chek-list-ux-audita/',
  project: '/material/projects/festival-ladozhskiy-bereg/',
  author: '/blog/author/anna-sokolova/',
} as const;

/**
 * Variants of a canonical path: letter case, dot segments (plain and percent-encoded), needless
 * escapes, an empty segment (browsers keep `//`, the site names nothing by it). Backslashes, which
 * HTTP clients resolve before sending, are in the property test (tests/fuzz/pathVariants.test.ts).
 */
export function nonCanonicalVariants(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const first = segments[0] ?? '';
  const rest = segments.slice(1).join('/');
  const tail = rest === '' ? '' : `${rest}/`;
  return [
    path.toUpperCase(),
    `/${first.charAt(0).toUpperCase()}${first.slice(1)}/${tail}`,
    `/${first}/./${tail}`,
    `/${first}/qq/../${tail}`,
    `/${first}/qq/%2e%2e/${tail}`,
    `/${first}/qq/%2E./${tail}`,
    `/zz/../${first}/${tail}`,
    `/%${first.charCodeAt(0).toString(16)}${first.slice(1)}/${tail}`,
    `/${first}//${tail}`,
  ];
}

/**
 * §5 "Query parameter element_anchor_id scrolls to the element with that anchor", before and
 * without scripts (decision 006): one temporary redirect to the same URL with the parameter as
 * the fragment, every other parameter kept in order (§5's UTM parameters are captured on the
 * page). The anchors are §9's "Anchor keys", each on a page that has it (§2 /career/#internship,
 * §3 the call-to-action of success-request and of referral, the burger's team and tariffs links).
 */
export const SPEC_ELEMENT_ANCHOR = {
  param: 'element_anchor_id',
  status: 302,
  utmParams: ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'],
  anchorPages: {
    'discuss-the-project': '/',
    main_page_team_block: '/',
    tariffs: '/',
    internship: '/career/',
    'subscribe-email': '/success/request/',
    'referral-section': '/referral/',
  },
} as const;
