import { useLocation } from 'react-router';
import { previewEndHref } from '../preview/previewPaths.ts';

/** An editor's preview says so, with a POST form out, without JavaScript too (decision 021). */
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
