import { Global } from '@emotion/react';
import { useEffect } from 'react';
import { Outlet, useRouteLoaderData } from 'react-router';
import type { PageLoaderArgs } from '../routes/pageModule.ts';
import { DocumentHead } from './DocumentHead.tsx';
import { globalStyles } from '../theme/globalStyles.ts';
import { SiteHeader } from '../layout/SiteHeader.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { PageTransition } from './PageTransition.tsx';

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
        <PageTransition>
          <Outlet />
        </PageTransition>
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
