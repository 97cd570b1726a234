import { useLocation, useMatches, useRouteLoaderData } from 'react-router';
import type { RouteHandle } from '../routes/pageModule.ts';
import { ROOT_ROUTE_ID, type RootData } from './root.tsx';

/** `<title>`, description and canonical of the deepest page; React 19 hoists them into `<head>`. */
export function DocumentHead() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const root = useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
  const page = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.meta);
  const meta = page ? (page.handle as RouteHandle).meta?.(page.data, pathname) : undefined;
  return (
    <>
      <title>{meta ? `${meta.title}` : 'Верфь — веб-студия'}</title>
      {meta?.description ? <meta name="description" content={meta.description} /> : null}
      {meta?.noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
      {root ? <link rel="canonical" href={`${root.publicBaseUrl}${pathname}`} /> : null}
    </>
  );
}

