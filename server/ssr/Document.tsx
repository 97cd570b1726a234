import type { ReactNode } from 'react';
import { HEAD_SCRIPT } from './headScript.ts';
import { browserConfigMeta, type BrowserConfig } from '../../shared/app/browserConfig.ts';

export interface DocumentProps {
  readonly hydrationScript: string;
  readonly children: ReactNode;
  /** Build id and analytics settings for the browser (`server/middleware/browserConfig.ts`). */
  readonly browserConfig?: BrowserConfig | undefined;
  /** Written here only when the app cannot write it (the root loader failed: no public base). */
  readonly canonicalUrl?: string | undefined;
  /** In an editor's preview (decision 021): where the banner's link ends it. */
  readonly previewEndHref?: string | undefined;
}

/**
 * The HTML shell, rendered only on the server. The app hydrates `#app`, so nothing here has to
 * match on the client; per-page `<title>`, meta and canonical are hoisted into `<head>` by React.
 */
export function Document({ hydrationScript, children, browserConfig, canonicalUrl, previewEndHref }: DocumentProps) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
        <meta name="theme-color" content="#0f1d3a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {canonicalUrl === undefined ? null : <link rel="canonical" href={canonicalUrl} />}
        {browserConfig
          ? browserConfigMeta(browserConfig).map(([name, content]) => <meta key={name} name={name} content={content} />)
          : null}
      </head>
      <body>
        {previewEndHref === undefined ? null : <PreviewBanner endHref={previewEndHref} />}
        <div id="app">{children}</div>
        <script dangerouslySetInnerHTML={{ __html: hydrationScript }} />
      </body>
    </html>
  );
}

/**
 * Outside `#app`, so the browser's hydration never sees it; styled by attribute (the CSP allows
 * style attributes), so it needs no stylesheet of its own.
 */
function PreviewBanner({ endHref }: { readonly endHref: string }) {
  return (
    <div
      role="status"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 1000,
        padding: '8px 16px',
        background: '#ffd84d',
        color: '#0f1d3a',
        font: '600 15px/1.4 system-ui, sans-serif',
        textAlign: 'center',
      }}
    >
      Предпросмотр: так страница будет выглядеть после публикации.{' '}
      <a href={endHref} style={{ color: 'inherit' }}>
        Выйти из предпросмотра
      </a>
    </div>
  );
}
