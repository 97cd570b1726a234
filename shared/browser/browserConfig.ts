/** The server facts the browser may see, as `<meta>` tags (server/platform/render/Document.tsx): epic-stack's whitelist. */
export interface BrowserConfig {
  /** The build this page was rendered by (§4/§7: compared with `/builds/latest.json`). */
  readonly buildId: string;
  /** Yandex Metrika counter; `undefined` = no analytics tag at all (§7). */
  readonly metrikaId: string | undefined;
  /** §7: goals are sent only in production or on the main site; elsewhere they are logged. */
  readonly sendGoals: boolean;
  /** Share (0–1) of page views that report their web vitals (VITALS_SAMPLE_RATE, `client/vitals/`). */
  readonly vitalsSampleRate: number;
}

export const BROWSER_CONFIG_META = {
  buildId: 'build-id',
  metrikaId: 'metrika-id',
  analyticsGoals: 'analytics-goals',
  vitalsSampleRate: 'vitals-sample-rate',
} as const;

/** `<meta name=… content=…>` pairs in document order. */
export function browserConfigMeta(config: BrowserConfig): ReadonlyArray<readonly [string, string]> {
  return [
    [BROWSER_CONFIG_META.buildId, config.buildId],
    ...(config.metrikaId === undefined ? [] : [[BROWSER_CONFIG_META.metrikaId, config.metrikaId] as const]),
    [BROWSER_CONFIG_META.analyticsGoals, config.sendGoals ? 'send' : 'log'],
    [BROWSER_CONFIG_META.vitalsSampleRate, String(config.vitalsSampleRate)],
  ];
}

export function readBrowserConfig(doc: Pick<Document, 'querySelector'>): BrowserConfig {
  const read = (name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
  return {
    buildId: read(BROWSER_CONFIG_META.buildId) ?? '',
    metrikaId: read(BROWSER_CONFIG_META.metrikaId),
    sendGoals: read(BROWSER_CONFIG_META.analyticsGoals) === 'send',
    vitalsSampleRate: shareOf(read(BROWSER_CONFIG_META.vitalsSampleRate)),
  };
}

/** A share from 0 to 1 as the server wrote it; anything else (a missing tag) is none. */
function shareOf(value: string | undefined): number {
  const share = Number(value ?? 0);
  return Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : 0;
}
