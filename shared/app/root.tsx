import { Global } from '@emotion/react';
import { useEffect, type ReactNode } from 'react';
import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { CookieNotice } from '../layout/CookieNotice.tsx';
import { ModalRoot } from '../layout/ModalRoot.tsx';
import type { PageLoaderArgs } from '../page-kit/pageModule.ts';
import { globalStyles } from '../theme/globalStyles.ts';
import { SkipLink } from '../ui/SkipLink.tsx';
import { ToastProvider } from '../ui/Toast.tsx';
import { AppStateProvider } from '../layout/AppState.tsx';
import { DocumentHead } from './DocumentHead.tsx';
import { errorPageOrPlain } from './ErrorPageOrPlain.tsx';
import { lazyServerRendered } from '../browser/lazyServerRendered.tsx';
import { PageTransition } from './PageTransition.tsx';
import { menuServices, useOptionalRootData, type RootData } from '../page-kit/rootData.ts';
import { ROOT_ROUTE_ID } from '../routes/table.ts';
import { useAnchorScroll } from './useAnchorScroll.ts';

export { ROOT_ROUTE_ID };

// Server-rendered in full and hydrated from chunks of their own, ~3 KB gzip each out of every
// page's first load (decision 014); until then their links are plain links and taps wait (017).
// The feedback window is in every page's HTML, closed: the call-to-action opens it natively (041).
export const SiteHeader = lazyServerRendered(() => import('../layout/SiteHeader.tsx').then((module) => module.SiteHeader));
const SiteFooter = lazyServerRendered(() => import('../layout/SiteFooter.tsx').then((module) => module.SiteFooter));
const FeedbackWindow = lazyServerRendered(() => import('../layout/FeedbackWindow.tsx').then((module) => module.FeedbackWindow));

/** The error page (404, 500) is its own chunk; the entry preloads it when the page is one. */
export const ErrorPage = lazyServerRendered(() => errorPageOrPlain(import('./ErrorPage.tsx').then((module) => module.ErrorPage)));

/** The shell's data; the key and the upload limits are the configuration the browser may see, field by field. */
export async function rootLoader({ context }: PageLoaderArgs): Promise<RootData> {
  const [agency, services, projectFilters] = await Promise.all([
    context.content.agency(),
    context.content.services(),
    context.content.projectFilters(),
  ]);
  return {
    publicBaseUrl: context.publicBaseUrl,
    yandexMapsApiKey: context.yandexMapsApiKey || null,
    agency,
    // A page carries the data it renders: of the services, only what the burger menu lists.
    services: menuServices(services),
    projectFilters,
    uploadLimits: { maxFiles: context.uploadLimits.maxFiles, maxFileBytes: context.uploadLimits.maxFileBytes },
    currentYear: new Date().getFullYear(),
    preview: context.preview,
    formResult: context.formResult ?? null,
  };
}

/** The shell's data changes with the content, not the page: fetched again only after a form action. */
export function rootShouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return formMethod !== undefined && formMethod.toUpperCase() !== 'GET' ? defaultShouldRevalidate : false;
}

/** Marks the document once React owns it: CSS can enable motion, tests know clicks are client-side. */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

function AnchorScroll() {
  useAnchorScroll();
  return null;
}

/** Skip link, header, `<main id="main">`, footer, modal, cookie notice and toasts around a page. */
function Shell({ children }: { readonly children: ReactNode }) {
  return (
    <AppStateProvider>
      <ToastProvider>
        <SkipLink />
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <FeedbackWindow />
        <ModalRoot />
        <CookieNotice />
        <AnchorScroll />
      </ToastProvider>
    </AppStateProvider>
  );
}

/**
 * The site's global styles, written by the server into every page's `<head>` and left there: in the
 * browser Emotion's `Global` would move that tag as it hydrates, restyling the whole page, and take
 * it away when it unmounts (server/platform/render/emotionStyles.ts).
 */
function SiteGlobalStyles() {
  return typeof document === 'undefined' ? <Global styles={globalStyles} /> : null;
}

export function RootLayout() {
  useHydratedMarker();
  return (
    <>
      <SiteGlobalStyles />
      <DocumentHead />
      <Shell>
        <PageTransition>
          <Outlet />
        </PageTransition>
      </Shell>
    </>
  );
}

/** A page's error keeps the shell; the root loader's own (content service down) has a bare `<main>`. */
export function RootErrorBoundary() {
  useHydratedMarker();
  const root = useOptionalRootData();
  return (
    <>
      <SiteGlobalStyles />
      {root ? (
        <Shell>
          <ErrorPage />
        </Shell>
      ) : (
        <>
          <SkipLink />
          <main id="main" tabIndex={-1}>
            <ErrorPage />
          </main>
        </>
      )}
    </>
  );
}
