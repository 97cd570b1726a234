import {
  coerce, create, defaulted, enums, integer, min, max, object, optional, refine,
  string, StructError, type Infer,
} from 'superstruct';

// The environment is read once, validated, and frozen: everything else in the server takes a
// `Config`, never `process.env`, so a misconfigured deploy fails at start-up, not on a request.

const Port = coerce(min(max(integer(), 65535), 1), string(), (value) => Number(value));
const PositiveInt = coerce(min(integer(), 1), string(), (value) => Number(value));

const HttpUrl = refine(string(), 'HttpUrl', (value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:')
      || 'an absolute http(s) URL, e.g. https://example.ru';
  } catch {
    return 'an absolute http(s) URL, e.g. https://example.ru';
  }
});

/** Comma-separated hosts, each `host` or `host:port`; no schemes, paths or wildcards (§7 /_ipx). */
const ImageDomains = refine(string(), 'ImageDomains', (value) =>
  value.split(',').every((entry) => /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/i.test(entry.trim()))
  || 'comma-separated host names, e.g. cdn.verf.digital,images.example.ru:8443');

const EnvSchema = object({
  NODE_ENV: defaulted(enums(['production', 'development', 'test']), 'development'),
  PORT: defaulted(Port, 3000),
  HOST: defaulted(string(), '0.0.0.0'),
  PUBLIC_BASE_URL: optional(HttpUrl),
  CONTENT_API_URL: optional(HttpUrl),
  LOG_LEVEL: defaulted(enums(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  WEB_CONCURRENCY: defaulted(PositiveInt, 1),
  /** Bounded render time: a render still streaming after this is aborted (§ Foundation 4). */
  SSR_ABORT_MS: defaulted(PositiveInt, 5000),
  MAIN_SITE_URL: defaulted(HttpUrl, 'https://verf.digital'),
  /** Yandex Metrika counter: digits only, so a typo fails at start-up instead of silently losing analytics. */
  METRIKA_ID: optional(refine(string(), 'CounterId', (value) => /^\d{1,12}$/.test(value) || 'a numeric Metrika counter id')),
  YANDEX_MAPS_API_KEY: optional(string()),
  // Images (issue 7): remote hosts /_ipx may read from, and where processed images are kept.
  IMAGE_DOMAINS: optional(ImageDomains),
  IMAGE_CACHE_DIR: optional(string()),
});

export type Env = Infer<typeof EnvSchema>;

export interface Config {
  readonly env: Env['NODE_ENV'];
  readonly isProduction: boolean;
  readonly port: number;
  readonly host: string;
  /** Canonical origin, no trailing slash; never derived from Host headers. */
  readonly publicBaseUrl: string;
  /** Base of the JSON:API content service, no trailing slash; `undefined` = embedded service. */
  readonly contentApiUrl: string | undefined;
  readonly logLevel: Env['LOG_LEVEL'];
  readonly webConcurrency: number;
  readonly ssrAbortMs: number;
  readonly mainSiteUrl: string;
  readonly metrikaId: string | undefined;
  readonly yandexMapsApiKey: string | undefined;
  /** Hosts (`host` or `host:port`) whose images /_ipx may fetch; empty = only `public/`. */
  readonly imageDomains: readonly string[];
  /** Processed-image cache directory; `undefined` = `.cache/ipx` in the project. */
  readonly imageCacheDir: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');

/** Validates the environment; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings are treated as unset: `PORT=` in a .env file means "use the default".
  const raw = Object.fromEntries(
    Object.keys(EnvSchema.schema).flatMap((key) => {
      const value = source[key];
      return value === undefined || value === '' ? [] : [[key, value]];
    }),
  );
  let env: Env;
  try {
    env = create(raw, EnvSchema);
  } catch (error) {
    if (error instanceof StructError) {
      const failure = error.failures()[0] ?? error;
      const name = String(failure.path[0] ?? failure.key ?? 'environment');
      throw new ConfigError(
        `Invalid environment variable ${name}=${JSON.stringify(raw[name])}: expected ${describe(failure)}`,
      );
    }
    throw error;
  }
  return Object.freeze({
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicBaseUrl: stripSlash(env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`),
    contentApiUrl: env.CONTENT_API_URL === undefined ? undefined : stripSlash(env.CONTENT_API_URL),
    logLevel: env.LOG_LEVEL,
    webConcurrency: env.WEB_CONCURRENCY,
    ssrAbortMs: env.SSR_ABORT_MS,
    mainSiteUrl: stripSlash(env.MAIN_SITE_URL),
    metrikaId: env.METRIKA_ID,
    yandexMapsApiKey: env.YANDEX_MAPS_API_KEY,
    imageDomains: Object.freeze((env.IMAGE_DOMAINS ?? '').split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean)),
    imageCacheDir: env.IMAGE_CACHE_DIR,
  });
}

function describe(failure: { type: string; refinement?: string | undefined; message: string }): string {
  if (failure.refinement === 'HttpUrl') return 'an absolute http(s) URL';
  if (failure.type === 'enums') return failure.message.replace(/^Expected /, '').replace(/, but received.*$/, '');
  if (failure.type === 'integer' || failure.type === 'number' || failure.refinement === 'min' || failure.refinement === 'max') {
    return failure.message.replace(/^Expected /, '').replace(/, but received.*$/, '');
  }
  return failure.message;
}

