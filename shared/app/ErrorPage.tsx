import { css } from '@emotion/react';
import { createContext, useContext, type ReactNode } from 'react';
import { isRouteErrorResponse, useInRouterContext, useLocation, useRouteError } from 'react-router';
import { GOALS } from '../analytics/goals.ts';
import { useGoalOnView } from '../analytics/reachGoal.ts';
import { href } from '../routes/links.ts';
import { colors, fontSizes, mq, space } from '../theme/theme.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { containerStyles } from '../ui/Container.tsx';
import { Heading } from '../ui/Heading.tsx';
import { APP_ERROR_TITLE, HOME_LINK_TEXT } from './errorTexts.ts';
import { useOptionalRootData } from '../page-kit/rootData.ts';

/** §2 Error page and §8: the texts of every error page, in the app and in the server's plain pages. */
export const ERROR_TEXTS = {
  notFoundTitle: 'Страница не найдена',
  notFoundHint: 'Возможно, она устарела, была удалена или в адресе допущена опечатка.',
  appErrorTitle: APP_ERROR_TITLE,
  appErrorHint: 'Произошла ошибка. Повторите попытку позже',
  home: HOME_LINK_TEXT,
} as const;

/** The server's words when it refused the request itself (server/platform/render/shellErrorPage.tsx). */
export const ServerErrorExplanation = createContext<string | undefined>(undefined);

export interface ErrorPageViewProps {
  readonly title: string;
  readonly hint: string;
  /** §2 "Every page has a canonical link": written here when the page knows it. */
  readonly canonicalUrl?: string | undefined;
  /** What the page says besides the hint (the missing path of a 404, the errors of a form). */
  readonly children?: ReactNode;
}

const pageStyles = css`
  padding-block: ${space[8]};
  ${mq.lg} { padding-block: ${space[9]}; }
`;
const textStyles = css`
  display: grid;
  justify-items: start;
  gap: ${space[5]};
  max-width: 46rem;
  p { margin: 0; color: ${colors.inkMuted}; font-size: ${fontSizes.lg}; overflow-wrap: anywhere; }
  code { color: ${colors.ink}; font-size: ${fontSizes.md}; }
`;

/** The one error page, of the app and of the server's bare pages (no router: plain markup and link). */
export function ErrorPageView({ title, hint, canonicalUrl, children }: ErrorPageViewProps) {
  const inRouter = useInRouterContext();
  const head = (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      {canonicalUrl === undefined ? null : <link rel="canonical" href={canonicalUrl} />}
      {/* Even an error page describes itself (Lighthouse SEO: meta-description). */}
      <meta name="description" content={hint} />
    </>
  );
  if (!inRouter) {
    return (
      <section aria-labelledby="error-title">
        {head}
        <h1 id="error-title">{title}</h1>
        <p>{hint}</p>
        {children}
        <a href={href('home')}>{ERROR_TEXTS.home}</a>
      </section>
    );
  }
  return (
    <section css={[containerStyles, pageStyles]} aria-labelledby="error-title" data-error-page="">
      {head}
      <div css={textStyles}>
        <Heading level={1} id="error-title">
          {title}
        </Heading>
        <p>{hint}</p>
        {children}
        <ButtonLink to={href('home')} arrow>
          {ERROR_TEXTS.home}
        </ButtonLink>
      </div>
    </section>
  );
}

/** §2 Error page and §8: 404 «Страница не найдена» with the path, anything else «Ошибка приложения». */
export function ErrorPage() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const root = useOptionalRootData();
  const explanation = useContext(ServerErrorExplanation);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // §8: the 404 page records goal 404error (once per missing path).
  useGoalOnView(notFound ? GOALS.notFound : undefined, pathname);
  return (
    <ErrorPageView
      title={notFound ? ERROR_TEXTS.notFoundTitle : ERROR_TEXTS.appErrorTitle}
      hint={notFound ? ERROR_TEXTS.notFoundHint : ERROR_TEXTS.appErrorHint}
      // Without root data the server's document writes the canonical link.
      canonicalUrl={root && explanation === undefined ? `${root.publicBaseUrl}${pathname}` : undefined}
    >
      {notFound ? (
        <p>
          {/* §2/§8 "the full path": with its query (the server renders a 404 for the URL as asked, pageHandler.tsx). */}
          Page Not Found: <code>{decodeSafely(`${pathname}${search}`)}</code>
        </p>
      ) : null}
      {explanation === undefined ? null : <p>{explanation}</p>}
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
