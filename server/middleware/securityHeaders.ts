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

/** Third-party origins, each allowed only while the feature that needs it is configured. */
const METRIKA = { script: ['https://mc.yandex.ru', 'https://yastatic.net'], connect: ['https://mc.yandex.ru'], img: ['https://mc.yandex.ru'], frame: ['https://mc.yandex.ru'] };
const YANDEX_MAPS = { script: ['https://api-maps.yandex.ru'], connect: ['https://api-maps.yandex.ru', 'https://*.maps.yandex.net'], img: ['https://*.maps.yandex.net', 'https://api-maps.yandex.ru'], frame: [] as string[] };

/**
 * helmet with a per-request nonce: inline scripts (the hydration data) and Emotion's style tags
 * carry it, so neither scripts nor style elements need 'unsafe-inline'. Style *attributes* are
 * allowed (`style-src-attr`) because React writes them for animations and they cannot run code.
 */
export function securityHeaders(config: Pick<Config, 'metrikaId' | 'yandexMapsApiKey' | 'isProduction'>): RequestHandler[] {
  const extras = [config.metrikaId ? METRIKA : undefined, config.yandexMapsApiKey ? YANDEX_MAPS : undefined]
    .filter((entry) => entry !== undefined);
  const from = (kind: 'script' | 'connect' | 'img' | 'frame') => extras.flatMap((entry) => entry[kind]);
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
          styleSrcElem: ["'self'", nonce],
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
