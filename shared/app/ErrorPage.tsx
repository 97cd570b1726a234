import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, useInRouterContext, useLocation, useRouteError } from 'react-router';
import { GOALS } from '../analytics/goals.ts';
import { useGoalOnView } from '../analytics/reachGoal.ts';
import { href } from '../routes/links.ts';
import { useOptionalRootData } from './rootData.ts';

/** §2 Error page and §8: the texts of every error page, in the app and in the server's plain pages. */
export const ERROR_TEXTS = {
  notFoundTitle: 'Страница не найдена',
  notFoundHint: 'Возможно, она устарела, была удалена или в адресе допущена опечатка.',
  appErrorTitle: 'Ошибка приложения',
  appErrorHint: 'Произошла ошибка. Повторите попытку позже',
  home: 'Перейти на главную',
} as const;

export interface ErrorPageViewProps {
  readonly title: string;
  readonly hint: string;
  /** §2 "Every page has a canonical link": written here when the page knows it. */
  readonly canonicalUrl?: string | undefined;
  /** What the page says besides the hint (the missing path of a 404, the errors of a form). */
  readonly children?: ReactNode;
}

/**
 * The one error page: the app's route errors and every error page the server writes without
 * the app (server/http/errorPage.tsx) render this. Outside a router (the server's plain pages)
 * the way home is a plain link.
 */
export function ErrorPageView({ title, hint, canonicalUrl, children }: ErrorPageViewProps) {
  const inRouter = useInRouterContext();
  return (
    <section aria-labelledby="error-title">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      {canonicalUrl === undefined ? null : <link rel="canonical" href={canonicalUrl} />}
      {/* Even an error page describes itself (Lighthouse SEO: meta-description). */}
      <meta name="description" content={hint} />
      <h1 id="error-title">{title}</h1>
      <p>{hint}</p>
      {children}
      {inRouter ? <Link to={href('home')}>{ERROR_TEXTS.home}</Link> : <a href={href('home')}>{ERROR_TEXTS.home}</a>}
    </section>
  );
}

/** §2 Error page and §8: 404 «Страница не найдена» with the path, anything else «Ошибка приложения». */
export function ErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const root = useOptionalRootData();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // §8: the 404 page records goal 404error (once per missing path).
  useGoalOnView(notFound ? GOALS.notFound : undefined, pathname);
  return (
    <ErrorPageView
      title={notFound ? ERROR_TEXTS.notFoundTitle : ERROR_TEXTS.appErrorTitle}
      hint={notFound ? ERROR_TEXTS.notFoundHint : ERROR_TEXTS.appErrorHint}
      // Without root data the server's document writes the canonical link.
      canonicalUrl={root ? `${root.publicBaseUrl}${pathname}` : undefined}
    >
      {notFound ? (
        <p>
          {/* The path only: a cached 404 page is shown to everyone asking for this path, whatever query they sent. */}
          Page Not Found: <code>{decodeSafely(pathname)}</code>
        </p>
      ) : null}
    </ErrorPageView>
  );
}

function decodeSafely(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
