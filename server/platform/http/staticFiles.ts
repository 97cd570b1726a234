import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { CACHE_CONTROL } from './cacheControl.ts';
import { isWeakIfRange } from './conditionalRequests.ts';
import { atPaths, enterOnly } from './enterOnly.ts';
import { hasExtension } from '../../../shared/text/trim.ts';
import { SERVER_TREES } from '../../../shared/routes/serverMounts.ts';

/** A public file named with its content's hash (`manrope-latin.a30ddcd349.woff2`) never changes: cached a year. */
const CONTENT_HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

/**
 * /assets/ is immutable, sent in the brotli or gzip form the build wrote (build/precompress.ts), and a missing
 * asset is a hard 404 a stale tab can react to. Other public/ files get a short cache; the rest falls through.
 */
export function staticFiles(options: { assetsDir: string; publicDir: string; serveSourceMaps: boolean }): RequestHandler[] {
  return [
    ignoreRangesOnWeakValidators,
    ...(options.serveSourceMaps ? [] : [hideSourceMaps]),
    enterOnly(
      atPaths([SERVER_TREES.assets]),
      express.Router().use(
        SERVER_TREES.assets,
        expressStaticGzip(options.assetsDir, {
          enableBrotli: true,
          orderPreference: ['br'],
          index: false,
          serveStatic: {
            index: false,
            fallthrough: false,
            immutable: true,
            maxAge: '365d',
            setHeaders: (res) => res.setHeader('Cache-Control', CACHE_CONTROL.immutable),
          },
        }),
      ),
    ),
    onlyPublicFiles(
      options.publicDir,
      express.static(path.resolve(options.publicDir), {
        index: false,
        redirect: false,
        setHeaders: (res, filePath) => {
          res.setHeader('Cache-Control', CONTENT_HASHED.test(path.basename(filePath)) ? CACHE_CONTROL.immutable : CACHE_CONTROL.publicFile);
          // Here, where a 304 gets it too: a 304 carries the 200's Vary (RFC 9110 §15.4.5, decision 038).
          res.vary('Accept-Encoding');
        },
      }),
    ),
  ];
}

/** `If-Range` compares strongly (RFC 9110 §13.1.5), yet `send` honours a weak one: the whole file then (decision 038). */
const ignoreRangesOnWeakValidators: RequestHandler = (req, _res, next) => {
  if (req.headers.range !== undefined && isWeakIfRange(req.get('if-range'))) delete req.headers.range;
  next();
};

/** The source maps carry the browser code's full source: a 404 in production, like any missing asset. */
const hideSourceMaps: RequestHandler = (req, res, next) => {
  if (!req.path.startsWith(`${SERVER_TREES.assets}/`) || !req.path.endsWith('.map')) return next();
  res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
  res.status(404).type('text/plain').send('Not Found');
};

/**
 * Only a path with an extension under one of public/'s top-level entries (listed at start-up) reaches serve-static's
 * `stat`: under a flood of page or /_ipx requests that `stat` was a tenth of the server's CPU (decision 046).
 */
function onlyPublicFiles(publicDir: string, handler: RequestHandler): RequestHandler {
  const topLevel = new Set(topLevelEntries(publicDir));
  return enterOnly((req) => {
    const slash = req.path.indexOf('/', 1);
    const first = slash === -1 ? req.path.slice(1) : req.path.slice(1, slash);
    return topLevel.has(first) && hasExtension(req.path);
  }, handler);
}

const topLevelEntries = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith('.')) : []);
