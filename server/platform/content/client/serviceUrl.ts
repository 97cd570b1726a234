/**
 * Whether a URL the content service handed over (`links.next`) is still a URL of that service,
 * so the server never requests anything else on a hostile or intercepted service's word (blind
 * SSRF). A string prefix is not enough: `https://cms.example.evil.com`, `https://cms.example:8443`
 * and `https://cms.example@evil.com` all start with `https://cms.example`. The check is the exact
 * origin (scheme, host, port), no credentials, and the resolved path inside the base path as a
 * whole segment (`/api/` admits `/api/articles`, not `/api-admin`).
 *
 * Returns the resolved URL, or undefined when it leaves the service.
 */
export function urlWithinService(candidate: string, current: string, baseUrl: string): string | undefined {
  let resolved: URL;
  let base: URL;
  try {
    resolved = new URL(candidate, current);
    base = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (resolved.origin !== base.origin || resolved.username !== '' || resolved.password !== '') return undefined;
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return resolved.pathname.startsWith(prefix) ? resolved.href : undefined;
}
