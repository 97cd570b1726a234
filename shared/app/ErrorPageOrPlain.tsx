import type { ComponentType } from 'react';
import { href } from '../routes/links.ts';
import { APP_ERROR_TITLE, HOME_LINK_TEXT } from './errorTexts.ts';

/** The error page's words in plain first-load markup; home is a full page load, the site afresh (040). */
function PlainErrorPage() {
  return (
    <div data-error-page="plain">
      <h1>{APP_ERROR_TITLE}</h1>
      <a href={href('home')}>{HOME_LINK_TEXT}</a>
    </div>
  );
}

/** When the error page's chunk fails too (§8's reload spent), the plain page stands in for a blank tab. */
export const errorPageOrPlain = <Props extends object>(load: Promise<ComponentType<Props>>): Promise<ComponentType<Props>> =>
  load.catch(() => PlainErrorPage);
