import {
  coerce,
  create,
  defaulted,
  enums,
  integer,
  min,
  max,
  number,
  object,
  optional,
  refine,
  string,
  StructError,
  type Infer,
} from 'superstruct';
import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { validate as isCronExpression } from 'node-cron';
import proxyAddr from 'proxy-addr';
import { trimEnd } from '../../../shared/text/trim.ts';
import { IMAGE_LIMITS } from './imageLimits.ts';
import { PATHS } from '../paths.ts';

// Read once, validated and frozen: the server takes a `Config`, never `process.env`, so a bad deploy fails at start-up.

const Port = coerce(min(max(integer(), 65535), 1), string(), (value) => Number(value));
const PositiveInt = coerce(min(integer(), 1), string(), (value) => Number(value));
const NonNegativeInt = coerce(min(integer(), 0), string(), (value) => Number(value));

/** A share from 0 to 1 (`0.25`); `Number('')` is never seen, empty values count as unset. */
const Fraction = coerce(
  refine(number(), 'Fraction', (value) => (Number.isFinite(value) && value >= 0 && value <= 1) || 'a number from 0 to 1, e.g. 0.1'),
  string(),
  (value) => (/^\s*$/.test(value) ? Number.NaN : Number(value)),
);

/** A URL with one of the given schemes (the leads database and the SMTP server). */
const UrlOf = (name: string, schemes: readonly string[]) =>
  refine(string(), name, (value) => schemes.includes(URL.parse(value)?.protocol ?? '') || `a ${schemes.join(' or ')}//… URL`);
const CronExpression = refine(string(), 'CronExpression', (value) => isCronExpression(value) || 'a cron expression');
/** A secret of at least `length` characters, shown masked in the start-up error. */
const Secret = (length = 16) => refine(string(), 'Secret', (value) => value.length >= length || `at least ${length} characters`);

/** An absolute http(s) URL without credentials: these URLs are named in logs (a secret has a variable of its own). */
function httpUrlProblem(value: string): string | undefined {
  const url = URL.parse(value);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) return 'an absolute http(s) URL, e.g. https://example.ru';
  return url.username === '' && url.password === '' ? undefined : 'an http(s) URL without user:password@ (credentials end up in logs)';
}
const HttpUrl = refine(string(), 'HttpUrl', (value) => httpUrlProblem(value) ?? true);

/** Comma-separated http(s) URLs (VARNISH_URLS), each as `HttpUrl` asks. */
const HttpUrlList = refine(string(), 'HttpUrlList', (value) => {
  const wrong = value.split(',').find((entry) => httpUrlProblem(entry.trim()) !== undefined);
  return (
    wrong === undefined ||
    `comma-separated http(s) URLs without credentials, e.g. http://10.0.0.5:6081,http://10.0.0.6:6081 (not ${JSON.stringify(wrong.trim())})`
  );
});

/**
 * `smtp://` (STARTTLS) or `smtps://` with host, port and credentials only: nodemailer reads each query parameter as
 * an option (`?debug=true` prints leads' personal data, `?tls.rejectUnauthorized=false` accepts any certificate).
 */
const SmtpUrl = refine(UrlOf('SmtpUrl', ['smtp:', 'smtps:']), 'SmtpUrl', (value) => {
  // Refiners all run: an unparsable URL is UrlOf's failure, reported first.
  const url = URL.parse(value);
  if (url === null) return true;
  const parameters = [...new Set(url.searchParams.keys())];
  if (parameters.length > 0) {
    return `an smtp(s)://user:password@host:port URL without parameters (${parameters.join(', ')}): the mail library would take them as its options`;
  }
  if (/[?#]/.test(value) || (url.pathname !== '' && url.pathname !== '/')) {
    return 'an smtp(s)://user:password@host:port URL with no path, query or fragment';
  }
  return true;
});

/** Comma-separated entries, each one that `fits`. */
const ListOf = (name: string, fits: (entry: string) => boolean, expected: string) =>
  refine(string(), name, (value) => value.split(',').every((entry) => fits(entry.trim())) || expected);

/** Hosts, each `host` or `host:port`; no schemes, paths or wildcards (§7 /_ipx). */
const ImageDomains = ListOf(
  'ImageDomains',
  (entry) => /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?$/i.test(entry),
  'comma-separated host names, e.g. cdn.verf.digital,images.example.ru:8443',
);

/** An origin as browsers send it in `Origin`: scheme, host and port, nothing else. */
function originOf(value: string): string | undefined {
  const url = URL.parse(value);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
  return trimEnd(value, '/').toLowerCase() === url.origin ? url.origin : undefined;
}

/** Origins of integrations allowed to post to the site (cross-site requests). */
const AllowedOrigins = ListOf(
  'AllowedOrigins',
  (entry) => originOf(entry) !== undefined,
  'comma-separated origins (scheme://host[:port], no path), e.g. https://crm.example.ru',
);

/** Addresses, CIDRs and range names as Express's `trust proxy` (proxy-addr) reads them; a bare number is a hop count. */
function isProxyList(value: string): boolean {
  const entries = value.split(',').map((entry) => entry.trim());
  try {
    proxyAddr.compile(entries);
  } catch {
    return false;
  }
  return !entries.some((entry) => /^\d+$/.test(entry));
}

/** Which proxies' X-Forwarded-For to believe: a hop count, or a list of addresses and CIDRs. */
const TrustProxy = refine(
  string(),
  'TrustProxy',
  (value) =>
    /^\d{1,2}$/.test(value) ||
    isProxyList(value) ||
    'a number of proxy hops (e.g. 1 behind a platform router) or comma-separated addresses/CIDRs, e.g. 10.0.0.0/8,loopback',
);

/** The shipped VCL's probe (2 s × threshold 2, 1 s timeout) marks a draining instance sick within this. */
const DEFAULT_DRAIN_SECONDS = 5;
/** The variables the server reads, what each means and its default: docs/configuration.md (env.test.ts keeps the two one list). */
const EnvSchema = object({
  NODE_ENV: defaulted(enums(['production', 'development', 'test']), 'development'),
  PORT: defaulted(Port, 3000),
  HOST: defaulted(string(), '0.0.0.0'),
  PUBLIC_BASE_URL: optional(HttpUrl),
  CONTENT_API_URL: optional(HttpUrl),
  CONTENT_API_TIMEOUT_MS: defaulted(PositiveInt, 2000),
  CONTENT_CACHE_TTL_MS: defaulted(PositiveInt, 60_000),
  PAGE_CACHE_MAX_MB: defaulted(NonNegativeInt, 64),
  PAGE_CACHE_WARM_UP: defaulted(enums(['0', '1']), '1'),
  LOG_LEVEL: defaulted(enums(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  WEB_CONCURRENCY: defaulted(PositiveInt, 1),
  MAX_CONNECTIONS: defaulted(PositiveInt, 1000),
  MAX_CONNECTIONS_PER_ADDRESS: optional(PositiveInt),
  SHUTDOWN_DRAIN_SECONDS: optional(NonNegativeInt),
  SSR_ABORT_MS: defaulted(PositiveInt, 5000),
  METRIKA_ID: optional(refine(string(), 'CounterId', (value) => /^\d{1,12}$/.test(value) || 'a numeric Metrika counter id')),
  YANDEX_MAPS_API_KEY: optional(string()),
  IMAGE_DOMAINS: optional(ImageDomains),
  IMAGE_CACHE_DIR: optional(string()),
  IMAGE_COST_BUDGET: defaulted(PositiveInt, IMAGE_LIMITS.costBudget),
  IMAGE_PREGENERATE: defaulted(enums(['0', '1']), '1'),
  TRUST_PROXY: optional(TrustProxy),
  ALLOWED_ORIGINS: optional(AllowedOrigins),
  DATABASE_URL: optional(UrlOf('DatabaseUrl', ['postgres:', 'postgresql:'])),
  LEADS_DATA_DIR: optional(string()),
  LEADS_WEBHOOK_URL: optional(HttpUrl),
  LEADS_WEBHOOK_SECRET: optional(Secret()),
  SMTP_URL: optional(SmtpUrl),
  SMTP_ALLOW_PLAINTEXT: optional(enums(['0', '1'])),
  LEADS_EMAIL_TO: optional(string()),
  LEADS_EMAIL_FROM: optional(string()),
  LEADS_OUTBOX_CRON: defaulted(CronExpression, '*/30 * * * * *'),
  LEADS_RETRY_BASE_SECONDS: defaulted(PositiveInt, 30),
  LEADS_PURGE_DAYS: defaulted(PositiveInt, 30),
  LEADS_UNDELIVERED_PURGE_DAYS: defaulted(PositiveInt, 90),
  FORMS_MIN_FILL_SECONDS: defaulted(NonNegativeInt, 3),
  FORMS_RATE_LIMIT: defaulted(PositiveInt, 20),
  FORMS_RATE_WINDOW_SECONDS: defaulted(PositiveInt, 600),
  UPLOAD_MAX_FILES: defaulted(PositiveInt, 5),
  UPLOAD_MAX_FILE_MIB: defaulted(PositiveInt, 10),
  UPLOAD_QUOTA_MB: defaulted(PositiveInt, 1024),
  UPLOAD_CLIENT_MB: defaulted(PositiveInt, 60),
  UPLOAD_CLIENT_FILES: defaulted(PositiveInt, 20),
  REVALIDATE_SECRET: optional(Secret()),
  METRICS_TOKEN: optional(Secret()),
  VARNISH_URLS: optional(HttpUrlList),
  VARNISH_PURGE_SECRET: optional(Secret()),
  FASTLY_API_TOKEN: optional(Secret()),
  FASTLY_SERVICE_ID: optional(refine(string(), 'ServiceId', (value) => /^\w{1,64}$/.test(value) || 'a Fastly service id')),
  CLOUDFLARE_API_TOKEN: optional(Secret()),
  CLOUDFLARE_ZONE_ID: optional(
    refine(string(), 'ZoneId', (value) => /^[a-f\d]{32}$/.test(value) || 'a Cloudflare zone id (32 hex digits)'),
  ),
  VITALS_SAMPLE_RATE: defaulted(Fraction, 1),
  PREVIEW_SECRET: optional(Secret(32)),
  CONTENT_PREVIEW_TOKEN: optional(Secret()),
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(HttpUrl),
  OTEL_SERVICE_NAME: defaulted(
    refine(string(), 'ServiceName', (value) => /^[\w.-]{1,64}$/.test(value) || 'a name of letters, digits, . _ -'),
    'agency-site',
  ),
  OTEL_TRACES_SAMPLER: defaulted(
    enums(['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio']),
    'parentbased_always_on',
  ),
  OTEL_TRACES_SAMPLER_ARG: optional(Fraction),
  TRACE_TRUST_INCOMING: defaulted(enums(['0', '1']), '0'),
});

export type Env = Infer<typeof EnvSchema>;

/** Every variable the server reads: docs/configuration.md documents exactly these (env.test.ts). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.schema);

/** The studio's one address: analytics goals are sent from it even outside production (browserConfig.ts). */
const MAIN_SITE_URL = 'https://verf.digital';

/** The validated configuration the server reads (`configOf`: each field says what it holds). */
export type Config = ReturnType<typeof configOf>;
/** Abuse and upload limits of the form endpoints (docs/security.md). */
export type FormsConfig = Config['forms'];

/** Where traces go and how many are kept (the OTEL_* variables the SDK reads). */
export type TracingConfig = NonNullable<Config['tracing']>;

/** What `server/features/revalidation/purgers.ts` purges; all empty = no shared cache trusted with long lifetimes. */
export interface PurgeTargetsConfig {
  /** Varnish instances (VARNISH_URLS), each sent `PURGE` with `xkey-softpurge`. */
  readonly varnishUrls: readonly string[];
  /** VARNISH_PURGE_SECRET, the credential the VCL checks besides the address (decision 034). */
  readonly varnishPurgeSecret?: string | undefined;
  readonly fastly: { readonly apiToken: string; readonly serviceId: string } | undefined;
  readonly cloudflare: { readonly apiToken: string; readonly zoneId: string } | undefined;
}

/** Whether any HTTP cache is purged on publish: then pages may be shared for a day (cacheControl.ts). */
export function hasPurgeTarget(targets: PurgeTargetsConfig): boolean {
  return targets.varnishUrls.length > 0 || targets.fastly !== undefined || targets.cloudflare !== undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const stripSlash = (url: string) => trimEnd(url, '/');
const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
const invalid = (name: string, shown: string, expected: string) =>
  new ConfigError(`Invalid environment variable ${name}=${shown}: expected ${expected}`);

/** The rejected value as the start-up error (read by log collectors) shows it: a secret's length, a URL masked. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return 'undefined';
  if (/SECRET|PASSWORD|TOKEN/.test(name)) return `(hidden, ${value.length} characters)`;
  return JSON.stringify(/_URL$|ORIGINS$/.test(name) || value.includes('//') ? maskedUrl(value) : value);
}

/**
 * A URL with whatever may hold a secret masked, even when it does not parse: a password may contain `/`, `?` or `@`
 * (`postgres://u:p/ss@db`), so credentials run to the last `@`, and the query is cut. Too much masked is harmless.
 */
function maskedUrl(value: string): string {
  let shown = value;
  const at = shown.lastIndexOf('@');
  if (at !== -1) {
    const slashes = shown.indexOf('//');
    const start = slashes === -1 || slashes > at ? shown.indexOf(':') + 1 : slashes + 2;
    shown = `${shown.slice(0, start)}***${shown.slice(at)}`;
  }
  const query = shown.search(/[?#]/);
  return query === -1 ? shown : `${shown.slice(0, query)}?***`;
}

/** Validates the environment; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parsedEnv(source);
  checkCombinations(env);
  return configOf(env);
}

/** The variables read against the schema; a failure names the first variable that does not fit. */
function parsedEnv(source: NodeJS.ProcessEnv): Env {
  // Empty strings are treated as unset: `PORT=` in a .env file means "use the default".
  const raw = Object.fromEntries(
    Object.keys(EnvSchema.schema).flatMap((key) => {
      const value = source[key];
      return value === undefined || value === '' ? [] : [[key, value]];
    }),
  );
  try {
    return create(raw, EnvSchema);
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    const failure = error.failures()[0] ?? error;
    const name = String(failure.path[0] ?? failure.key ?? 'environment');
    throw invalid(name, shownValue(name, raw[name]), describe(failure));
  }
}

/** A variable, the one it needs beside it, and what that one is for. */
const NEEDED_WITH = [
  ['LEADS_WEBHOOK_URL', 'LEADS_WEBHOOK_SECRET', 'a secret (16+ characters) to sign LEADS_WEBHOOK_URL deliveries'],
  ['FASTLY_API_TOKEN', 'FASTLY_SERVICE_ID', 'it with FASTLY_API_TOKEN (what a publish purges)'],
  ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ZONE_ID', 'it with CLOUDFLARE_API_TOKEN (what a publish purges)'],
  ['SMTP_URL', 'LEADS_EMAIL_TO', 'the agency address(es) that SMTP_URL delivers leads to'],
] as const;

/** The settings that only make sense together, or not in production. */
function checkCombinations(env: Env): void {
  for (const [given, needed, expected] of NEEDED_WITH) {
    if (env[given] !== undefined && env[needed] === undefined) throw invalid(needed, 'undefined', expected);
  }
  if (env.NODE_ENV === 'production' && env.LEADS_WEBHOOK_URL !== undefined && !isPrivateChannel(env.LEADS_WEBHOOK_URL)) {
    const expected = 'an https:// URL in production (leads are personal data; plain http:// only to this machine)';
    throw invalid('LEADS_WEBHOOK_URL', shownValue('LEADS_WEBHOOK_URL', env.LEADS_WEBHOOK_URL), expected);
  }
  if (env.LEADS_UNDELIVERED_PURGE_DAYS < env.LEADS_PURGE_DAYS) {
    throw invalid(
      'LEADS_UNDELIVERED_PURGE_DAYS',
      String(env.LEADS_UNDELIVERED_PURGE_DAYS),
      `at least LEADS_PURGE_DAYS (${env.LEADS_PURGE_DAYS}); a lead nobody received is kept no shorter than one delivered`,
    );
  }
}

/** The validated variables as the configuration the server reads. */
function configOf(env: Env) {
  const publicBaseUrl = stripSlash(env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`);
  return Object.freeze({
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    /** Canonical origin, no trailing slash; never derived from Host headers. */
    publicBaseUrl,
    /** Base of the JSON:API content service, no trailing slash; `undefined` = embedded service. */
    contentApiUrl: env.CONTENT_API_URL === undefined ? undefined : stripSlash(env.CONTENT_API_URL),
    contentApiTimeoutMs: env.CONTENT_API_TIMEOUT_MS,
    contentCacheTtlMs: env.CONTENT_CACHE_TTL_MS,
    /** Bytes of rendered pages kept in memory; 0 = no page cache. */
    pageCacheMaxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
    pageCacheWarmUp: env.PAGE_CACHE_WARM_UP === '1',
    logLevel: env.LOG_LEVEL,
    webConcurrency: env.WEB_CONCURRENCY,
    maxConnections: env.MAX_CONNECTIONS,
    /** Open connections one client address holds in one process (connectionsPerAddress.ts). */
    maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS ?? (trustProxyOf(env.TRUST_PROXY) === false ? 32 : env.MAX_CONNECTIONS),
    ssrAbortMs: env.SSR_ABORT_MS,
    /** How long SIGTERM keeps serving with a failing probe before the server stops accepting (decision 035). */
    shutdownDrainMs: (env.SHUTDOWN_DRAIN_SECONDS ?? (env.NODE_ENV === 'production' ? DEFAULT_DRAIN_SECONDS : 0)) * 1000,
    mainSiteUrl: MAIN_SITE_URL,
    /** Whether /assets/*.map is served: outside production only (the maps carry the browser code's full source). */
    publicSourceMaps: env.NODE_ENV !== 'production',
    metrikaId: env.METRIKA_ID,
    yandexMapsApiKey: env.YANDEX_MAPS_API_KEY,
    /** Hosts (`host` or `host:port`) whose images /_ipx may fetch; empty = only `public/`. */
    imageDomains: Object.freeze(listOf(env.IMAGE_DOMAINS).map((entry) => entry.toLowerCase())),
    /** Processed-image cache directory; `undefined` = `.cache/ipx` in the project. */
    imageCacheDir: env.IMAGE_CACHE_DIR,
    imageCostBudget: env.IMAGE_COST_BUDGET,
    imagePregenerate: env.IMAGE_PREGENERATE === '1',
    /** Express's `trust proxy`: false (the default) takes the client address from the socket, so a forged X-Forwarded-For changes nothing. */
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    /** Origins whose pages may send state-changing requests: PUBLIC_BASE_URL's, then ALLOWED_ORIGINS (crossSiteRequests.ts). */
    allowedOrigins: Object.freeze([
      new URL(publicBaseUrl).origin,
      ...listOf(env.ALLOWED_ORIGINS).flatMap((entry) => originOf(entry) ?? []),
    ]),
    leads: leadsConfigOf(env, publicBaseUrl),
    forms: formsConfigOf(env),
    /** Bearer secret of POST /api/revalidate; `undefined` = the endpoint answers 404. */
    revalidateSecret: env.REVALIDATE_SECRET,
    /** Bearer token of GET /metrics; `undefined` = the endpoint answers 404. */
    metricsToken: env.METRICS_TOKEN,
    purgeTargets: purgeTargetsOf(env),
    vitalsSampleRate: env.VITALS_SAMPLE_RATE,
    /** Editors' preview (decision 021): signs links and cookies, and the content service's token; `undefined` = 404. */
    preview: previewConfigOf(env),
    tracing: tracingConfigOf(env),
  });
}

/** Where leads are stored and delivered, and for how long they are kept. */
function leadsConfigOf(env: Env, publicBaseUrl: string) {
  return Object.freeze({
    /** PostgreSQL when set; otherwise SQLite in `dataDir`, beside the uploaded files. */
    databaseUrl: env.DATABASE_URL,
    dataDir: env.LEADS_DATA_DIR ?? PATHS.data,
    webhook: env.LEADS_WEBHOOK_URL === undefined ? undefined : { url: env.LEADS_WEBHOOK_URL, secret: env.LEADS_WEBHOOK_SECRET ?? '' },
    email:
      env.SMTP_URL === undefined
        ? undefined
        : {
            smtpUrl: env.SMTP_URL,
            to: env.LEADS_EMAIL_TO ?? '',
            from: env.LEADS_EMAIL_FROM ?? `Сайт <noreply@${new URL(publicBaseUrl).hostname}>`,
            allowPlaintext: env.SMTP_ALLOW_PLAINTEXT === '1',
          },
    outboxCron: env.LEADS_OUTBOX_CRON,
    retryBaseMs: env.LEADS_RETRY_BASE_SECONDS * 1000,
    /** Personal data of a lead delivered everywhere is erased this many days after its last delivery. */
    purgeAfterDays: env.LEADS_PURGE_DAYS,
    /** A lead still undelivered this many days after it was sent is deleted with its files (decision 023). */
    undeliveredPurgeAfterDays: env.LEADS_UNDELIVERED_PURGE_DAYS,
  });
}

/** What a visitor may send through the forms. */
function formsConfigOf(env: Env) {
  return Object.freeze({
    minFillMs: env.FORMS_MIN_FILL_SECONDS * 1000,
    rateLimit: env.FORMS_RATE_LIMIT,
    rateWindowMs: env.FORMS_RATE_WINDOW_SECONDS * 1000,
    maxFiles: env.UPLOAD_MAX_FILES,
    /** Units of 1024 (§9). */
    maxFileBytes: env.UPLOAD_MAX_FILE_MIB * 1024 * 1024,
    uploadQuotaBytes: env.UPLOAD_QUOTA_MB * 1024 * 1024,
    /** Bytes and files one client may upload per `rateWindowMs`. */
    clientUploadBytes: env.UPLOAD_CLIENT_MB * 1024 * 1024,
    clientUploadFiles: env.UPLOAD_CLIENT_FILES,
  });
}

/** The HTTP caches in front that a publish purges (decision 027). */
function purgeTargetsOf(env: Env): PurgeTargetsConfig {
  return Object.freeze({
    varnishUrls: Object.freeze(listOf(env.VARNISH_URLS).map(stripSlash)),
    varnishPurgeSecret: env.VARNISH_PURGE_SECRET,
    fastly: env.FASTLY_API_TOKEN === undefined ? undefined : { apiToken: env.FASTLY_API_TOKEN, serviceId: env.FASTLY_SERVICE_ID ?? '' },
    cloudflare:
      env.CLOUDFLARE_API_TOKEN === undefined ? undefined : { apiToken: env.CLOUDFLARE_API_TOKEN, zoneId: env.CLOUDFLARE_ZONE_ID ?? '' },
  });
}

/** Editors' previews (decision 021); absent without PREVIEW_SECRET. */
function previewConfigOf(env: Env): { readonly secret: string; readonly contentToken: string } | undefined {
  return env.PREVIEW_SECRET === undefined
    ? undefined
    : Object.freeze({
        secret: env.PREVIEW_SECRET,
        // The embedded service shares the site's configuration: a token derived from the
        // secret, so the key that signs preview links never travels in a request.
        contentToken: env.CONTENT_PREVIEW_TOKEN ?? createHmac('sha256', env.PREVIEW_SECRET).update('content-preview-token').digest('hex'),
      });
}

/** OpenTelemetry tracing (decision 037); absent without an OTLP endpoint. */
function tracingConfigOf(env: Env) {
  return env.OTEL_EXPORTER_OTLP_ENDPOINT === undefined
    ? undefined
    : Object.freeze({
        endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
        serviceName: env.OTEL_SERVICE_NAME,
        sampler: env.OTEL_TRACES_SAMPLER,
        /** The ratio of the `traceidratio` samplers. */
        samplerArg: env.OTEL_TRACES_SAMPLER_ARG ?? 1,
        /** Whether an incoming `traceparent` is continued. */
        trustIncoming: env.TRACE_TRUST_INCOMING === '1',
      });
}

/** https://, or plain http:// to this machine (a local relay or sidecar), where nothing crosses a network. */
function isPrivateChannel(value: string): boolean {
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

function trustProxyOf(value: string | undefined): false | number | readonly string[] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return Object.freeze(value.split(',').map((entry) => entry.trim()));
}

/** superstruct's own message for a type or bound, without "Expected" and the value it received. */
function describe(failure: { type: string; refinement?: string | undefined; message: string }): string {
  const own = ['enums', 'integer', 'number'].includes(failure.type) || failure.refinement === 'min' || failure.refinement === 'max';
  return own ? failure.message.replace(/^Expected /, '').replace(/, but received.*$/, '') : failure.message;
}
