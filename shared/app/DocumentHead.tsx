import { useLocation, useMatches, useRouteLoaderData } from 'react-router';
import type { Agency } from '../content/contentApi.ts';
import type { PageMeta, RouteHandle } from '../page-kit/pageModule.ts';
import { isIndexable, ROOT_ROUTE_ID } from '../routes/table.ts';
import { breadcrumbListJsonLd } from '../seo/breadcrumbs.ts';
import { serializeJsonLd, type JsonLdFactory, type SiteContext } from '../seo/jsonLd.ts';
import { shareImageUrl } from '../seo/shareImage.ts';

export const SITE_NAME = 'Верфь';
const DEFAULT_TITLE = 'Верфь — веб-студия';

/** The part of the root data the head reads (the rest belongs to the layout). */
interface HeadRootData {
  readonly publicBaseUrl: string;
  readonly agency?: Agency;
}

/** The deepest page's head and JSON-LD; React 19 hoists `<title>`, `<meta>` and `<link>` into `<head>`. */
export function DocumentHead() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const root = useRouteLoaderData<HeadRootData>(ROOT_ROUTE_ID);
  const page = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.meta);
  const meta: PageMeta | undefined = page ? (page.handle as RouteHandle).meta?.(page.data, pathname, root?.agency) : undefined;
  const title = meta ? meta.title : DEFAULT_TITLE;

  if (!root) return <title>{title}</title>;
  const site: SiteContext = { baseUrl: root.publicBaseUrl };
  const url = `${root.publicBaseUrl}${pathname}`;
  const image = shareImageUrl(site, meta?.image);
  const jsonLd: JsonLdFactory[] = [
    ...(meta?.breadcrumbs && meta.breadcrumbs.length > 1 ? [breadcrumbListJsonLd(meta.breadcrumbs)] : []),
    ...(meta?.jsonLd ?? []),
  ];

  return (
    <>
      <title>{title}</title>
      {meta?.description ? <meta name="description" content={meta.description} /> : null}
      {page !== undefined && !isIndexable(page.id) ? <meta name="robots" content="noindex, nofollow" /> : null}
      <link rel="canonical" href={url} />
      {meta?.feeds?.map((feed) => (
        <link key={feed.path} rel="alternate" type={feed.type} title={feed.title} href={`${root.publicBaseUrl}${feed.path}`} />
      ))}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:locale" content="ru_RU" />
      <meta property="og:type" content={meta?.type ?? 'website'} />
      <meta property="og:url" content={url} />
      <meta property="og:title" content={title} />
      {meta?.description ? <meta property="og:description" content={meta.description} /> : null}
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      {meta?.description ? <meta name="twitter:description" content={meta.description} /> : null}
      <meta name="twitter:image" content={image} />
      {jsonLd.map((build, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(build(site)) }} />
      ))}
    </>
  );
}
