import { readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { CACHE_CONTROL } from './cacheControl.ts';
import { isWeakIfRange } from './conditionalRequests.ts';
import { atPaths, enterOnly } from './enterOnly.ts';
import { hasExtension } from '../../../shared/text/trim.ts';
import { SERVER_TREES } from '../../../shared/routes/serverMounts.ts';

/**
 * A public file whose name carries a hash of its content (`manrope-latin.a30ddcd349.woff2`,
 * checked by shared/theme/fonts.test.ts) never changes under that name: cached for a year.
 */
const CONTENT_HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

/**
 * Hashed build output under /assets/ is immutable, and a missing one is a hard 404 (a stale tab
 * asking for a removed chunk must get an error it can react to, not an HTML page). It is sent
 * in the brotli or gzip form the build wrote next to it (build/precompress.ts; the files are
 * indexed once, at start-up, and a build starts a new server). Other files in public/ get a
 * short cache (content-hashed ones: immutable); anything not found falls through to the routing
 * chain.
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
          // Set here, where a 304 has it too (serve-static calls this before its freshness check):
          // the compression middleware adds it to a 200 of a text file, never to the 304, whose
          // type is gone by then, and a 304 carries the 200's Vary (RFC 9110 §15.4.5, decision 038).
          res.vary('Accept-Encoding');
        },
      }),
    ),
  ];
}

/**
 * `If-Range` compares strongly (RFC 9110 §13.1.5) and serve-static's tags are weak, yet `send`
 * honours a range whose `If-Range` repeats its weak tag: such a request gets the whole file, as
 * one whose validator no longer matches would (decision 038).
 */
const ignoreRangesOnWeakValidators: RequestHandler = (req, _res, next) => {
  if (req.headers.range !== undefined && isWeakIfRange(req.get('if-range'))) delete req.headers.range;
  next();
};

/**
 * The build's source maps carry the full source of the browser code (comments, names, paths):
 * in production they are answered 404 like any missing asset. The `sourceMappingURL` comments
 * stay: a browser asks for a map only when its developer tools are open.
 */
const hideSourceMaps: RequestHandler = (req, res, next) => {
  if (!req.path.startsWith(`${SERVER_TREES.assets}/`) || !req.path.endsWith('.map')) {
    next();
    return;
  }
  res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
  res.status(404).type('text/plain').send('Not Found');
};

/**
 * Only a request that can name a file of public/ reaches serve-static and its `stat`: a name with
 * an extension (every file there has one, no page path does) under one of public/'s top-level
 * entries (`favicon.svg`, `fonts`, `images`), listed once at start-up like the assets' index. A
 * page view, an API call or a /_ipx variant — whose last segment often has an extension — goes on
 * without a file-system lookup: under a flood of those the `stat` was a tenth of the server's CPU.
 */
function onlyPublicFiles(publicDir: string, handler: RequestHandler): RequestHandler {
  const topLevel = new Set(topLevelEntries(publicDir));
  return enterOnly((req) => {
    const slash = req.path.indexOf('/', 1);
    const first = slash === -1 ? req.path.slice(1) : req.path.slice(1, slash);
    return topLevel.has(first) && hasExtension(req.path);
  }, handler);
}

function topLevelEntries(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => !name.startsWith('.'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
