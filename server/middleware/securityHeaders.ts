import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Config } from '../config/env.ts';
import type { InlineHashes } from '../http/inlineHashes.ts';

declare global {
  namespace Express {
    interface Locals {
      /** The site's CSP, allowing the inline scripts and style elements of the given hashes. */
      contentSecurityPolicy?: (inline: InlineHashes) => string;
    }
  }
}

/**
 * Third-party origins, each allowed only while the feature that needs it is configured.
 * Yandex Metrika (§7), from its CSP guide (yandex.ru/support/metrica/code/install-counter-csp): the
 * tag loads from mc.yandex.ru and yastatic.net; hits, cookie sync and Webvisor go to the regional
 * mc.* hosts (images, requests, WebSocket) and Webvisor opens an mc.yandex.ru frame.
 */
const METRIKA_REGIONAL = [
  'mc.yandex.ru',
  'mc.yandex.az',
  'mc.yandex.by',
  'mc.yandex.co.il',
  'mc.yandex.com',
  'mc.yandex.com.am',
  'mc.yandex.com.ge',
  'mc.yandex.com.tr',
  'mc.yandex.ee',
  'mc.yandex.fr',
  'mc.yandex.kg',
  'mc.yandex.kz',
  'mc.yandex.lt',
  'mc.yandex.lv',
  'mc.yandex.md',
  'mc.yandex.tj',
  'mc.yandex.tm',
  'mc.yandex.uz',
  'mc.webvisor.com',
  'mc.webvisor.org',
];
const METRIKA: ThirdParty = {
  script: ['https://mc.yandex.ru', 'https://yastatic.net'],
  style: [],
  connect: [...METRIKA_REGIONAL.map((host) => `https://${host}`), ...METRIKA_REGIONAL.map((host) => `wss://${host}`)],
  img: METRIKA_REGIONAL.map((host) => `https://${host}`),
  frame: ['https://mc.yandex.ru'],
};
/**
 * Yandex Maps JS API v3 (§7, §9), basic map only (no search, suggest or routing), from its CSP
 * guide (yandex.com/maps-api/docs/js-api/common/connection/csp): the loader and its modules,
 * their stylesheets, tiles and vector data from *.maps.yandex.net.
 */
const YANDEX_MAPS: ThirdParty = {
  script: ['https://api-maps.yandex.ru', 'https://*.api-maps.yandex.ru', 'https://yastatic.net'],
  style: ['https://api-maps.yandex.ru', 'https://*.api-maps.yandex.ru', 'https://yastatic.net'],
  connect: ['https://api-maps.yandex.ru', 'https://*.api-maps.yandex.ru', 'https://*.maps.yandex.net'],
  img: ['https://api-maps.yandex.ru', 'https://*.api-maps.yandex.ru', 'https://*.maps.yandex.net', 'https://yastatic.net'],
  frame: [],
};

interface ThirdParty {
  readonly script: readonly string[];
  readonly style: readonly string[];
  readonly connect: readonly string[];
  readonly img: readonly string[];
  readonly frame: readonly string[];
}

/**
 * The hash of an empty style element. Emotion in the browser (production, "speedy" mode) adds
 * each new sheet as an empty `<style>` and fills it through the CSSOM (`insertRule`), which CSP
 * does not govern; the element itself is checked with its empty text. An empty sheet can do
 * nothing, so allowing it lets no one style the page.
 */
const EMPTY_STYLE = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

type SecurityConfig = Pick<Config, 'metrikaId' | 'yandexMapsApiKey' | 'isProduction'>;

/**
 * The Content-Security-Policy of the site, for a document whose inline scripts and style elements
 * have the given hashes. Hashes, not a per-request nonce: the policy follows from what the server
 * wrote into the document, so a page kept in the page cache or at a CDN carries a policy valid for everyone who
 * gets it, and no secret value is shared between visitors (docs/decisions/010-page-cache.md).
 * `'strict-dynamic'` lets the hashed bootstrap load the site's chunks and the scripts they add
 * (Metrika, Yandex Maps); browsers that know it ignore `'self'` and the hosts for scripts, so no
 * parser-inserted script runs without its hash. Style *attributes* are allowed (`style-src-attr`)
 * because React writes them for animations and they cannot run code.
 */
export function contentSecurityPolicy(config: SecurityConfig): (inline: InlineHashes) => string {
  const extras = [config.metrikaId ? METRIKA : undefined, config.yandexMapsApiKey ? YANDEX_MAPS : undefined].filter(
    (entry) => entry !== undefined,
  );
  const from = (kind: keyof ThirdParty) => [...new Set(extras.flatMap((entry) => entry[kind]))];
  const script = from('script');
  const style = from('style');
  const fixed: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
  };
  const rest: Record<string, readonly string[]> = {
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...from('img')],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...from('connect')],
    'frame-src': from('frame').length > 0 ? from('frame') : ["'none'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    ...(config.isProduction ? { 'upgrade-insecure-requests': [] } : {}),
  };
  const serialize = (directives: Record<string, readonly string[]>) =>
    Object.entries(directives)
      .map(([name, values]) => [name, ...values].join(' '))
      .join(';');
  const head = serialize(fixed);
  const tail = serialize(rest);
  return (inline) => {
    const scriptSrc = inline.scripts.length > 0 ? ["'self'", "'strict-dynamic'", ...inline.scripts, ...script] : ["'self'", ...script];
    const styleSrc =
      inline.scripts.length > 0 ? ["'self'", ...inline.styles, EMPTY_STYLE, ...style] : ["'self'", ...inline.styles, ...style];
    return `${head};${serialize({ 'script-src': scriptSrc, 'style-src-elem': styleSrc })};${tail}`;
  };
}

/**
 * Sets the CSP of an HTML document the site wrote: the inline scripts and styles the server itself
 * put into it, by the hashes of their texts (`hashSource`).
 */
export function allowInline(res: Response, inline: InlineHashes): void {
  const policy = res.locals.contentSecurityPolicy;
  if (policy !== undefined) res.setHeader('Content-Security-Policy', policy(inline));
}

/**
 * helmet's headers, with the CSP built here: every response gets the policy with no inline
 * content allowed; an HTML document replaces it with one for its own inline content
 * (`allowInline`).
 */
export function securityHeaders(config: SecurityConfig): RequestHandler[] {
  const policy = contentSecurityPolicy(config);
  const noInline = policy({ scripts: [], styles: [] });
  return [
    (_req, res, next) => {
      res.locals.contentSecurityPolicy = policy;
      res.setHeader('Content-Security-Policy', noInline);
      next();
    },
    helmet({
      contentSecurityPolicy: false,
      // Cross-origin isolation would break the analytics and maps iframes/scripts.
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  ];
}
