import { useEffect, useState } from 'react';
import { lazyWhenWanted } from '../app/lazyWhenWanted.tsx';
import type { CookieBannerProps } from './CookieBanner.tsx';

/** §9 "Cookie key cookies-accepted": the name of the cookie that keeps the visitor's answer. */
export const COOKIES_ACCEPTED_KEY = 'cookies-accepted';
/** A year, as long as the answer is asked for again at most. */
const REMEMBERED_SECONDS = 365 * 24 * 60 * 60;

/** Whether `cookies` (a `Cookie` header or `document.cookie`) carries the answer. */
export function acceptedIn(cookies: string): boolean {
  return cookies.split(';').some((pair) => pair.trim() === `${COOKIES_ACCEPTED_KEY}=true`);
}

function readAccepted(): boolean {
  if (acceptedIn(document.cookie)) return true;
  try {
    // The answer of a visitor from before it was a cookie: moved into the cookie once.
    if (window.localStorage.getItem(COOKIES_ACCEPTED_KEY) !== 'true') return false;
    window.localStorage.removeItem(COOKIES_ACCEPTED_KEY);
  } catch {
    return false;
  }
  rememberAccepted();
  return true;
}

/** The cookie of §9, sent with every request of the site (docs/decisions/022). */
function rememberAccepted(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIES_ACCEPTED_KEY}=true; Path=/; Max-Age=${REMEMBERED_SECONDS}; SameSite=Lax${secure}`;
}

const CookieBanner = lazyWhenWanted<CookieBannerProps>(
  () => import('./CookieBanner.tsx').then((module) => module.CookieBanner),
  (props) => props.visible,
);

/**
 * The cookie notice, remembered in the `cookies-accepted` cookie (§9). Never in the server's HTML,
 * which is the same for every visitor (the page cache), so a visitor who accepted never sees it,
 * not even for a moment; the others get it after hydration, floating over the page, so it shifts
 * nothing (docs/decisions/022). Its markup and styles load only when it is to be shown
 * (`CookieBanner.tsx`).
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
