import { useEffect, useState } from 'react';
import { lazyWhenWanted } from '../browser/lazyWhenWanted.tsx';
import type { CookieBannerProps } from './CookieBanner.tsx';
import { acceptedIn } from './cookieAnswer.ts';

const CookieBanner = lazyWhenWanted<CookieBannerProps>(
  () => import('./CookieBanner.tsx').then((module) => module.CookieBanner),
  (props) => props.visible,
);

/**
 * The cookie notice, remembered in the `cookies-accepted` cookie (§9). Never in the server's HTML,
 * which is the same for every visitor (the page cache), so a visitor who accepted never sees it,
 * not even for a moment; the others get it after hydration, floating over the page, so it shifts
 * nothing (docs/decisions/022). Its markup, styles and the writing of the answer load only when it
 * is to be shown (`CookieBanner.tsx`).
 */
export function CookieNotice() {
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(!acceptedIn(document.cookie)), []);
  return <CookieBanner visible={visible} onClose={() => setVisible(false)} />;
}
