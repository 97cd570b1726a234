import { enums, literal, nonempty, object, optional, string, StructError, trimmed, validate, type Infer } from 'superstruct';

/** §4 "Maps script load status: pending, loading, loaded, error". */
export type MapsStatus = 'pending' | 'loading' | 'loaded' | 'error';

/** §9 "Maps defaults: language ru_RU, version v3". */
export const YANDEX_MAPS_DEFAULTS = { lang: 'ru_RU', version: 'v3' } as const;

/** The languages the JS API v3 accepts. */
const LANGUAGES = ['ru_RU', 'en_US', 'en_RU', 'ru_UA', 'uk_UA', 'tr_TR', 'uz_UZ'] as const;

/** The options a loader accepts; anything else is an error (§8 "unknown options … raise errors"). */
const LoaderOptions = object({ apikey: nonempty(trimmed(string())), lang: optional(enums(LANGUAGES)), version: optional(literal('v3')) });

export type YandexMapsOptions = Infer<typeof LoaderOptions>;

/** The slice of the `ymaps3` global the site uses (JS API v3). */
export interface YMaps3 {
  readonly ready: Promise<void>;
  readonly YMap: new (
    element: HTMLElement,
    props: { location: { center: [number, number]; zoom: number }; behaviors?: string[] },
  ) => YMapInstance;
  readonly YMapDefaultSchemeLayer: new (props?: object) => object;
  readonly YMapDefaultFeaturesLayer: new (props?: object) => object;
  readonly YMapMarker: new (props: { coordinates: [number, number] }, element: HTMLElement) => object;
}

export interface YMapInstance {
  addChild(child: object): YMapInstance;
  destroy(): void;
}

/** What the loader touches in the browser; tests pass their own. */
export interface MapsEnvironment {
  readonly document: { createElement(tag: 'script'): HTMLScriptElement; readonly head: { appendChild(node: HTMLScriptElement): unknown } };
  readonly window: { ymaps3?: YMaps3 };
}

export class MapsConfigError extends Error {
  override readonly name = 'MapsConfigError';
}

/** Checks options: a missing or empty key and unknown options are configuration errors. */
export function parseMapsOptions(options: unknown): Required<YandexMapsOptions> {
  const [error, value] = validate(options, LoaderOptions, { coerce: true });
  if (error) throw new MapsConfigError(describe(error));
  return { apikey: value.apikey, lang: value.lang ?? YANDEX_MAPS_DEFAULTS.lang, version: value.version ?? YANDEX_MAPS_DEFAULTS.version };
}

function describe(error: StructError): string {
  const failure = error.failures()[0] ?? error;
  const key = failure.path.join('.');
  if (key === 'apikey') return 'Yandex Maps: apikey is missing (set YANDEX_MAPS_API_KEY)';
  if (failure.type === 'never') return `Yandex Maps: unknown option "${key}"`;
  return `Yandex Maps: invalid option "${key}": ${failure.message}`;
}

export function scriptUrl({ apikey, lang, version }: Required<YandexMapsOptions>): string {
  return `https://api-maps.yandex.ru/${version}/?${new URLSearchParams({ apikey, lang }).toString()}`;
}

/** Loads the Yandex Maps JS API once per page, with §4's statuses; browser only. */
export class YandexMapsLoader {
  #status: MapsStatus = 'pending';
  #promise: Promise<YMaps3> | undefined;
  readonly #listeners = new Set<(status: MapsStatus) => void>();
  readonly options: Required<YandexMapsOptions>;

  constructor(
    options: unknown,
    private readonly environment?: MapsEnvironment,
  ) {
    this.options = parseMapsOptions(options);
  }

  get status(): MapsStatus {
    return this.#status;
  }

  subscribe(listener: (status: MapsStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  load(): Promise<YMaps3> {
    const environment = this.environment ?? browserEnvironment();
    if (environment === undefined) throw new Error('Yandex Maps can only be loaded in the browser, not on the server');
    this.#promise ??= this.#inject(environment);
    return this.#promise;
  }

  #setStatus(status: MapsStatus) {
    this.#status = status;
    for (const listener of this.#listeners) listener(status);
  }

  async #inject(environment: MapsEnvironment): Promise<YMaps3> {
    this.#setStatus('loading');
    try {
      if (environment.window.ymaps3 === undefined) {
        await new Promise<void>((resolve, reject) => {
          const script = environment.document.createElement('script');
          script.src = scriptUrl(this.options);
          script.async = true;
          script.onload = () => resolve();
          script.onerror = () => reject(new Error('Yandex Maps script failed to load'));
          environment.document.head.appendChild(script);
        });
      }
      const ymaps3 = environment.window.ymaps3;
      if (ymaps3 === undefined) throw new Error('Yandex Maps script loaded without the ymaps3 global');
      await ymaps3.ready;
      this.#setStatus('loaded');
      return ymaps3;
    } catch (error) {
      this.#setStatus('error');
      throw error;
    }
  }
}

function browserEnvironment(): MapsEnvironment | undefined {
  if (typeof window === 'undefined' || typeof document === 'undefined') return undefined;
  return { document, window: window as unknown as { ymaps3?: YMaps3 } };
}

const loaders = new Map<string, YandexMapsLoader>();

/** One loader per key and page, shared by every map on it. */
export function yandexMapsLoader(apikey: string): YandexMapsLoader {
  let loader = loaders.get(apikey);
  if (loader === undefined) {
    loader = new YandexMapsLoader({ apikey, lang: YANDEX_MAPS_DEFAULTS.lang });
    loaders.set(apikey, loader);
  }
  return loader;
}
