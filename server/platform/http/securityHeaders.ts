import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Config } from '../config/env.ts';
import type { InlineHashes } from './inlineHashes.ts';

declare global {
  namespace Express {
    interface Locals {
      /** The site's CSP, allowing the inline scripts and style elements of the given hashes. */
      contentSecurityPolicy?: (inline: InlineHashes) => string;
    }
  }
}

/**
 * Third-party origins, each allowed only while its feature is configured. Yandex Metrika (§7), from its CSP guide
 * (yandex.ru/support/metrica/code/install-counter-csp): hits, cookie sync and Webvisor go to the regional mc.* hosts.
 */
const METRIKA_REGIONAL = [
  ...'ru az by co.il com com.am com.ge com.tr ee fr kg kz lt lv md tj tm uz'.split(' ').map((zone) => `mc.yandex.${zone}`),
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
/** Yandex Maps JS API v3 (§7, §9), basic map only, from its CSP guide (yandex.com/maps-api/docs/js-api/common/connection/csp). */
const YANDEX_MAPS: ThirdParty = {
  script: ['https://api-maps.yandex.ru', 'https://*.api-maps.yandex.ru', 'https://yastatic.net'],
  style: ['https://api-maps.yandex.ru', 'https://*.api-maps.yandex.ru', 'https://yastatic.net'],
  connect: ['https://api-maps.yandex.ru', 'https://*.api-maps.yandex.ru', 'https://*.maps.yandex.net'],
  img: ['https://api-maps.yandex.ru', 'https://*.api-maps.yandex.ru', 'https://*.maps.yandex.net', 'https://yastatic.net'],
  frame: [],
};

type ThirdParty = Readonly<Record<'script' | 'style' | 'connect' | 'img' | 'frame', readonly string[]>>;

/** An empty style element's hash: Emotion's "speedy" mode adds empty `<style>`s and fills them through `insertRule`. */
const EMPTY_STYLE = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

type SecurityConfig = Pick<Config, 'metrikaId' | 'yandexMapsApiKey' | 'isProduction'>;

/**
 * The site's CSP for a document whose inline scripts and styles have the given hashes. Hashes, not a nonce: a page
 * kept in a cache carries a policy valid for everyone (decision 010). `'strict-dynamic'` lets the hashed bootstrap
 * load the chunks and the scripts they add; style attributes are allowed because React writes them and they run nothing.
 */
export function contentSecurityPolicy(config: SecurityConfig): (inline: InlineHashes) => string {
  const extras = [...(config.metrikaId ? [METRIKA] : []), ...(config.yandexMapsApiKey ? [YANDEX_MAPS] : [])];
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

/** Sets the CSP of an HTML document the site wrote, allowing its own inline scripts and styles by hash. */
export function allowInline(res: Response, inline: InlineHashes): void {
  const policy = res.locals.contentSecurityPolicy;
  if (policy !== undefined) res.setHeader('Content-Security-Policy', policy(inline));
}

/** HSTS for a year, subdomains included (RFC 6797), sent only over HTTPS in production. */
const HSTS = 'max-age=31536000; includeSubDomains';
const UPGRADE = ';upgrade-insecure-requests';

/** Features no page (nor Metrika's frame, nor the basic map, §9) uses; only names Chromium knows, or it logs an error. */
const PERMISSIONS_POLICY = (
  'accelerometer browsing-topics camera display-capture geolocation gyroscope hid idle-detection magnetometer microphone ' +
  'midi payment publickey-credentials-get screen-wake-lock serial usb xr-spatial-tracking'
)
  .split(' ')
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Whether a request came over HTTPS as Express's `req.protocol` reads it, for a page-cache hit answered before Express. */
export function cameOverHttps(trustProxy: (address: string, hop: number) => boolean): (req: IncomingMessage) => boolean {
  return (req) => {
    if ((req.socket as { encrypted?: boolean } | null)?.encrypted === true) return true;
    if (!trustProxy(req.socket?.remoteAddress ?? '', 0)) return false;
    const header = req.headers['x-forwarded-proto'];
    const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
    return first === 'https';
  };
}

/** A stored plain-HTTP response's headers as an HTTPS visitor gets them (RFC 6797 §7.2), built once per list. */
const overHttps = new WeakMap<readonly string[], readonly string[]>();
export function withHttpsOnlyHeaders(list: readonly string[]): readonly string[] {
  let upgraded = overHttps.get(list);
  if (upgraded === undefined) {
    upgraded = list.map((value, index) =>
      index % 2 === 1 && list[index - 1]?.toLowerCase() === 'content-security-policy' ? `${value}${UPGRADE}` : value,
    );
    upgraded = [...upgraded, 'strict-transport-security', HSTS];
    overHttps.set(list, upgraded);
  }
  return upgraded;
}

/** The headers a response is stored with in the page cache: those of plain HTTP, whatever the scheme it was rendered for. */
export function withoutHttpsOnlyHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const { 'strict-transport-security': _hsts, ...rest } = headers;
  const policy = rest['content-security-policy'];
  if (typeof policy === 'string' && policy.endsWith(UPGRADE)) rest['content-security-policy'] = policy.slice(0, -UPGRADE.length);
  return rest;
}

/** helmet's headers and our CSP (a document's own by `allowInline`); HSTS, `upgrade-insecure-requests` only in production over HTTPS. */
export function securityHeaders(config: SecurityConfig): RequestHandler[] {
  const policy = contentSecurityPolicy(config);
  const upgrading = (inline: InlineHashes) => `${policy(inline)}${UPGRADE}`;
  const noInline = policy({ scripts: [], styles: [] });
  return [
    (req, res, next) => {
      const https = config.isProduction && req.secure;
      res.locals.contentSecurityPolicy = https ? upgrading : policy;
      res.setHeader('Content-Security-Policy', https ? `${noInline}${UPGRADE}` : noInline);
      if (https) res.setHeader('Strict-Transport-Security', HSTS);
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      next();
    },
    helmet({
      contentSecurityPolicy: false,
      // Cross-origin isolation would break the analytics and maps iframes/scripts.
      crossOriginEmbedderPolicy: false,
      // Set above, per request: only over HTTPS.
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  ];
}
