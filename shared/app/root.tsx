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
import { menuServices, useOptionalRootData, useRootData, type RootData } from '../page-kit/rootData.ts';
import { ROOT_ROUTE_ID } from '../routes/table.ts';
import { useAnchorScroll } from './useAnchorScroll.ts';

export { ROOT_ROUTE_ID, useRootData, type RootData };

/**
 * The header is on every first screen, but nothing in it runs before it is used: its links are
 * plain links, and the burger and the call-to-action links whose taps wait for the header's code
 * (docs/decisions/017), until its chunk arrives, with the shell's (its navigation, call to action,
 * contacts and scroll behaviour were ~3 KB gzip of every page's first load; docs/decisions/014).
 * Server-rendered in full like the footer; the entry hydrates nothing before it has arrived.
 */
export const SiteHeader = lazyServerRendered(() => import('../layout/SiteHeader.tsx').then((module) => module.SiteHeader));

/**
 * The footer is below the first screen of every page: server-rendered in full, hydrated from a
 * chunk of its own when hydration reaches it (its logo, marquee and link lists were ~3 KB gzip of
 * every page's first load; docs/decisions/014). Until then its links are plain links.
 */
const SiteFooter = lazyServerRendered(() => import('../layout/SiteFooter.tsx').then((module) => module.SiteFooter));

/**
 * The feedback window (§4's feedback modal) is in every page's HTML, closed, with its whole form:
 * the call-to-action opens it natively at the first paint (docs/decisions/041). Its code hydrates
 * it from a chunk of its own.
 */
const FeedbackWindow = lazyServerRendered(() => import('../layout/FeedbackWindow.tsx').then((module) => module.FeedbackWindow));

/** The error page (404, 500) is its own chunk; the entry preloads it when the page is one. */
export const ErrorPage = lazyServerRendered(() => errorPageOrPlain(import('./ErrorPage.tsx').then((module) => module.ErrorPage)));

/**
 * Site-wide data of the shell (header, footer, burger menu, maps), from the content service.
 * `yandexMapsApiKey` and the upload limits are the configuration values the browser may see
 * through it (the limits field by field, whatever else the server's object holds).
 */
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

/**
 * The shell's data changes only with the content itself, not with the page: loaded with the
 * first document and not fetched again on every navigation (only after a form action).
 */
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

export function RootLayout() {
  useHydratedMarker();
  return (
    <>
      <Global styles={globalStyles} />
      <DocumentHead />
      <Shell>
        <PageTransition>
          <Outlet />
        </PageTransition>
      </Shell>
    </>
  );
}

/**
 * Errors of a page keep the header and footer (the root data is there); an error of the root
 * loader itself (content service down) shows the error page in a bare `<main>`.
 */
export function RootErrorBoundary() {
  useHydratedMarker();
  const root = useOptionalRootData();
  return (
    <>
      <Global styles={globalStyles} />
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
