import { useLocation } from 'react-router';
import { previewEndHref } from '../preview/previewPaths.ts';

/**
 * An editor's preview (docs/decisions/021) says so on the page, with the way out back to the
 * page being looked at: a form that POSTs, without JavaScript too (ending a preview is a POST, so
 * no other site's link or image can do it). Part of the app's tree, rendered alike by the server and the browser from
 * the root data, so it shifts no ids between them; styled by attribute (the CSP allows style
 * attributes), as it appears only in a preview and needs nothing in every page's stylesheet.
 */
export function PreviewBanner() {
  const { pathname, search } = useLocation();
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
      <form method="post" action={previewEndHref(`${pathname}${search}`)} style={{ display: 'inline' }}>
        <button
          type="submit"
          style={{
            padding: 0,
            border: 0,
            background: 'none',
            color: 'inherit',
            font: 'inherit',
            textDecoration: 'underline',
            cursor: 'pointer',
          }}
        >
          Выйти из предпросмотра
        </button>
      </form>
    </div>
  );
}
