import { Component, type ReactNode } from 'react';
import { href } from '../routes/links.ts';
import { ERROR_TEXTS } from './errorTexts.ts';

interface Props {
  /** The error page (a lazily loaded part, root.tsx). */
  readonly children: ReactNode;
}

/**
 * The error page's own chunk can fail too: §8's reload is spent within its 10-second window (the
 * chunk that failed first used it), the page renders the error page, and its chunk does not come.
 * Nothing above the error page catches that, so React unmounted the whole app and left the tab
 * blank. This boundary shows the error page's words instead, in plain markup needing no chunk, with
 * the way home as a plain link: a full page load, which starts the site afresh (decision 040).
 */
export class ErrorPageOrPlain extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section aria-labelledby="error-title" data-error-page="plain" style={{ padding: '64px 16px', maxWidth: '46rem', margin: '0 auto' }}>
        <title>{ERROR_TEXTS.appErrorTitle}</title>
        <h1 id="error-title">{ERROR_TEXTS.appErrorTitle}</h1>
        <p>{ERROR_TEXTS.appErrorHint}</p>
        <a href={href('home')}>{ERROR_TEXTS.home}</a>
      </section>
    );
  }
}
