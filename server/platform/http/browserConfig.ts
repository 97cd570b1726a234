import type { RequestHandler } from 'express';
import type { ClientManifest } from '../../../build/manifest.ts';
import type { BrowserConfig } from '../../../shared/browser/browserConfig.ts';
import type { Config } from '../config/env.ts';

declare global {
  namespace Express {
    interface Locals {
      /** What `server/platform/render/Document.tsx` writes into the page for the browser (build id, analytics). */
      browserConfig?: BrowserConfig;
    }
  }
}

/** §7: goals are sent only in production or on the main address; elsewhere they are logged in the console. */
export function shouldSendGoals(config: Pick<Config, 'isProduction' | 'publicBaseUrl' | 'mainSiteUrl'>): boolean {
  return config.isProduction || config.publicBaseUrl === config.mainSiteUrl;
}

/** Puts the browser's whitelist of server facts on `res.locals` for the document to render. */
export function browserConfig(
  config: Pick<Config, 'isProduction' | 'publicBaseUrl' | 'mainSiteUrl' | 'metrikaId' | 'vitalsSampleRate'>,
  manifest: Pick<ClientManifest, 'buildId'>,
): RequestHandler {
  const value: BrowserConfig = Object.freeze({
    buildId: manifest.buildId,
    metrikaId: config.metrikaId,
    sendGoals: shouldSendGoals(config),
    vitalsSampleRate: config.vitalsSampleRate,
  });
  return (_req, res, next) => {
    res.locals.browserConfig = value;
    next();
  };
}
