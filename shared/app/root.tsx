import { Global } from '@emotion/react';
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useRouteLoaderData } from 'react-router';
import type { PageLoaderArgs, RouteHandle } from '../routes/pageModule.ts';
import { globalStyles } from '../theme/globalStyles.ts';
import { SiteHeader } from '../layout/SiteHeader.tsx';
import { ErrorPage } from './ErrorPage.tsx';

export const ROOT_ROUTE_ID = 'root';

export interface RootData {
  readonly publicBaseUrl: string;
}

/** Site-wide data every page needs (header, footer, canonical origin). */
export function rootLoader({ context }: PageLoaderArgs): RootData {
  return { publicBaseUrl: context.publicBaseUrl };
}

export function useRootData(): RootData {
  const data = useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
  if (data === undefined) throw new Error('Root data is not loaded');
  return data;
}

/** `<title>`, description and canonical of the deepest page; React 19 hoists them into `<head>`. */
function DocumentHead() {
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

/** Marks the document once React owns it: CSS can enable motion, tests know clicks are client-side. */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export function RootLayout() {
  useHydratedMarker();
  return (
    <>
      <Global styles={globalStyles} />
      <DocumentHead />
      <SiteHeader />
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

export function RootErrorBoundary() {
  useHydratedMarker();
  return (
    <>
      <Global styles={globalStyles} />
      <ErrorPage />
    </>
  );
}
