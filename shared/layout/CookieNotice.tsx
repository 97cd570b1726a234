import { useEffect, useState } from 'react';
import { lazyWhenWanted } from '../browser/lazyWhenWanted.tsx';
import type { CookieBannerProps } from './CookieBanner.tsx';
import { acceptedIn } from './cookieAnswer.ts';

const CookieBanner = lazyWhenWanted<CookieBannerProps>(
  () => import('./CookieBanner.tsx').then((module) => module.CookieBanner),
  (props) => props.visible,
);

/** §9's cookie notice: never in the cached server HTML, shown after hydration, shifting nothing (decision 022). */
export function CookieNotice() {
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(!acceptedIn(document.cookie)), []);
  return <CookieBanner visible={visible} onClose={() => setVisible(false)} />;
}
