import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { GOALS } from '../analytics/goals.ts';
import { useGoalOnView } from '../analytics/reachGoal.ts';

export const ERROR_TEXTS = {
  notFoundTitle: 'Страница не найдена',
  notFoundHint: 'Возможно, она устарела, была удалена или в адресе допущена опечатка.',
  appErrorTitle: 'Ошибка приложения',
  appErrorHint: 'Произошла ошибка. Повторите попытку позже',
  home: 'Перейти на главную',
} as const;

/** §2 Error page and §8: 404 «Страница не найдена» with the path, anything else «Ошибка приложения». */
export function ErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // §8: the 404 page records goal 404error (once per missing path).
  useGoalOnView(notFound ? GOALS.notFound : undefined, pathname);
  return (
    <section aria-labelledby="error-title">
      <title>{notFound ? ERROR_TEXTS.notFoundTitle : ERROR_TEXTS.appErrorTitle}</title>
      <meta name="robots" content="noindex" />
      {/* Even an error page describes itself (Lighthouse SEO: meta-description). */}
      <meta name="description" content={notFound ? ERROR_TEXTS.notFoundHint : ERROR_TEXTS.appErrorHint} />
      <h1 id="error-title">{notFound ? ERROR_TEXTS.notFoundTitle : ERROR_TEXTS.appErrorTitle}</h1>
      {notFound ? (
        <>
          <p>{ERROR_TEXTS.notFoundHint}</p>
          <p>
            {/* The path only: a cached 404 page is shown to everyone asking for this path, whatever query they sent. */}
            Page Not Found: <code>{decodeSafely(pathname)}</code>
          </p>
        </>
      ) : (
        <p>{ERROR_TEXTS.appErrorHint}</p>
      )}
      <Link to="/">{ERROR_TEXTS.home}</Link>
    </section>
  );
}

function decodeSafely(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
