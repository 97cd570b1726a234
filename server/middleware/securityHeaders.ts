import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Config } from '../config/env.ts';

declare global {
  namespace Express {
    interface Locals {
      /** Per-request CSP nonce for inline scripts and style elements. */
      cspNonce: string;
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
  'mc.yandex.ru', 'mc.yandex.az', 'mc.yandex.by', 'mc.yandex.co.il', 'mc.yandex.com', 'mc.yandex.com.am',
  'mc.yandex.com.ge', 'mc.yandex.com.tr', 'mc.yandex.ee', 'mc.yandex.fr', 'mc.yandex.kg', 'mc.yandex.kz',
  'mc.yandex.lt', 'mc.yandex.lv', 'mc.yandex.md', 'mc.yandex.tj', 'mc.yandex.tm', 'mc.yandex.uz',
  'mc.webvisor.com', 'mc.webvisor.org',
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
 * helmet with a per-request nonce: inline scripts (the hydration data) and Emotion's style tags
 * carry it, so neither scripts nor style elements need 'unsafe-inline'. Style *attributes* are
 * allowed (`style-src-attr`) because React writes them for animations and they cannot run code.
 */
export function securityHeaders(config: Pick<Config, 'metrikaId' | 'yandexMapsApiKey' | 'isProduction'>): RequestHandler[] {
  const extras = [config.metrikaId ? METRIKA : undefined, config.yandexMapsApiKey ? YANDEX_MAPS : undefined]
    .filter((entry) => entry !== undefined);
  const from = (kind: keyof ThirdParty) => [...new Set(extras.flatMap((entry) => entry[kind]))];
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;

  return [
    (_req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString('base64');
      next();
    },
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
          scriptSrc: ["'self'", nonce, ...from('script')],
          styleSrcElem: ["'self'", nonce, ...from('style')],
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...from('img')],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...from('connect')],
          frameSrc: from('frame').length > 0 ? from('frame') : ["'none'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Cross-origin isolation would break the analytics and maps iframes/scripts.
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  ];
}
