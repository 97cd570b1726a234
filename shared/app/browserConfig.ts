/**
 * The few server facts the browser needs, written into the document as `<meta>` tags by
 * `server/ssr/Document.tsx` (meta tags, not an inline script: nothing for the CSP to allow) and read once at start.
 * Only what is listed here ever reaches the browser (the Epic Stack's explicit whitelist).
 */
export interface BrowserConfig {
  /** The build this page was rendered by (§4/§7: compared with `/builds/latest.json`). */
  readonly buildId: string;
  /** Yandex Metrika counter; `undefined` = no analytics tag at all (§7). */
  readonly metrikaId: string | undefined;
  /** §7: goals are sent only in production or on the main site; elsewhere they are logged. */
  readonly sendGoals: boolean;
}

export const BROWSER_CONFIG_META = {
  buildId: 'build-id',
  metrikaId: 'metrika-id',
  analyticsGoals: 'analytics-goals',
} as const;

/** `<meta name=… content=…>` pairs in document order. */
export function browserConfigMeta(config: BrowserConfig): ReadonlyArray<readonly [string, string]> {
  return [
    [BROWSER_CONFIG_META.buildId, config.buildId],
    ...(config.metrikaId === undefined ? [] : [[BROWSER_CONFIG_META.metrikaId, config.metrikaId] as const]),
    [BROWSER_CONFIG_META.analyticsGoals, config.sendGoals ? 'send' : 'log'],
  ];
}

export function readBrowserConfig(doc: Pick<Document, 'querySelector'>): BrowserConfig {
  const read = (name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
  return {
    buildId: read(BROWSER_CONFIG_META.buildId) ?? '',
    metrikaId: read(BROWSER_CONFIG_META.metrikaId),
    sendGoals: read(BROWSER_CONFIG_META.analyticsGoals) === 'send',
  };
}
