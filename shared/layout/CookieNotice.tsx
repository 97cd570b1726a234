import { useEffect, useState } from 'react';
import { lazyWhenWanted } from '../app/lazyWhenWanted.tsx';
import type { CookieBannerProps } from './CookieBanner.tsx';

/** §9 "Cookie key cookies-accepted". */
export const COOKIES_ACCEPTED_KEY = 'cookies-accepted';

function readAccepted(): boolean {
  try {
    return window.localStorage.getItem(COOKIES_ACCEPTED_KEY) === 'true';
  } catch {
    // Storage blocked (private mode, policy): ask again next time rather than fail.
    return false;
  }
}

function rememberAccepted(): void {
  try {
    window.localStorage.setItem(COOKIES_ACCEPTED_KEY, 'true');
  } catch {
    // Storage blocked: the notice simply closes for this page view.
  }
}

const CookieBanner = lazyWhenWanted<CookieBannerProps>(
  () => import('./CookieBanner.tsx').then((module) => module.CookieBanner),
  (props) => props.visible,
);

/**
 * The cookie notice, remembered under `cookies-accepted` (§9). Rendered only after hydration,
 * since the server cannot know the answer: it floats over the page, so it shifts nothing. Its
 * markup and styles load only when it is to be shown (`CookieBanner.tsx`).
 */
export function CookieNotice() {
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(!readAccepted()), []);
  return (
    <CookieBanner
      visible={visible}
      onAccept={() => {
        rememberAccepted();
        setVisible(false);
      }}
    />
  );
}
