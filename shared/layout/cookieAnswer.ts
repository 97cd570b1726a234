/** §9 "Cookie key cookies-accepted": the name of the cookie that keeps the visitor's answer (docs/decisions/022). */
export const COOKIES_ACCEPTED_KEY = 'cookies-accepted';

/** Whether `cookies` (a `Cookie` header or `document.cookie`) carries the answer. */
export function acceptedIn(cookies: string): boolean {
  return cookies.split(';').some((pair) => pair.trim() === `${COOKIES_ACCEPTED_KEY}=true`);
}
