/**
 * A URL the content service handed over (`links.next`), resolved, or undefined when it leaves the service (blind
 * SSRF): the exact origin, no credentials, and the path inside the base path as whole segments (a string prefix
 * would admit `https://cms.example.evil.com` and `https://cms.example@evil.com`).
 */
export function urlWithinService(candidate: string, current: string, baseUrl: string): string | undefined {
  const resolved = URL.parse(candidate, current);
  const base = URL.parse(baseUrl);
  if (resolved === null || base === null) return undefined;
  if (resolved.origin !== base.origin || resolved.username !== '' || resolved.password !== '') return undefined;
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return resolved.pathname.startsWith(prefix) ? resolved.href : undefined;
}
