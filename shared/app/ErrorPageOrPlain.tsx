import type { ComponentType } from 'react';
import { href } from '../routes/links.ts';
import { APP_ERROR_TITLE, HOME_LINK_TEXT } from './errorTexts.ts';

/**
 * The error page's words in plain markup needing no chunk (unstyled: every byte of it is
 * first-load code), with the way home as a plain link: a full page load, which starts the site
 * afresh (decision 040).
 */
function PlainErrorPage() {
  return (
    <div data-error-page="plain">
      <h1>{APP_ERROR_TITLE}</h1>
      <a href={href('home')}>{HOME_LINK_TEXT}</a>
    </div>
  );
}

/**
 * The error page's own chunk can fail too: when §8's reload is spent within its 10-second window
 * (the chunk that failed first used it), nothing caught the error page's failure, React unmounted
 * the whole app and left the tab blank. The plain page stands in.
 */
export const errorPageOrPlain = <Props extends object>(load: Promise<ComponentType<Props>>): Promise<ComponentType<Props>> =>
  load.catch(() => PlainErrorPage);
