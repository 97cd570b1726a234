import { useEffect, useState } from 'react';
import { lazyWhenWanted } from '../browser/lazyWhenWanted.tsx';
import type { CookieBannerProps } from './CookieBanner.tsx';
import { acceptedIn } from './cookieAnswer.ts';

const CookieBanner = lazyWhenWanted<CookieBannerProps>(
  () => import('./CookieBanner.tsx').then((module) => module.CookieBanner),
  (props) => props.visible,
);

/**
 * §9's cookie notice, never in the shared server HTML (the page cache): shown after hydration over
 * the page, shifting nothing (decision 022); its code loads only when shown.
 */
export function CookieNotice() {
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(!acceptedIn(document.cookie)), []);
  return <CookieBanner visible={visible} onClose={() => setVisible(false)} />;
}
