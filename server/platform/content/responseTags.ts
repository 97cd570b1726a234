import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { contentTag, currentContentTags, SITE_TAG, withContentTags } from './client/contentTags.ts';

/** Varnish's xkey and Fastly read this one (space separated). */
export const SURROGATE_KEY_HEADER = 'surrogate-key';
/** Cloudflare reads this one (comma separated). */
export const CACHE_TAG_HEADER = 'cache-tag';
/** Fastly's and Cloudflare's limit on the whole header, with room to spare. */
const MAX_HEADER_BYTES = 15_000;

/** The tag of a site path: `{"paths": [...]}` purges it, and every response carries its own. */
export const pathTag = (path: string): string => contentTag('path', path);

/** The build's tag: a deploy may purge what the previous build rendered. */
export const buildTag = (buildId: string): string => contentTag('build', buildId);

/**
 * The tags a response is sent with: those its content reads recorded, plus the site, its path
 * and its build. Over the header limit (the sitemap of a very large site), record tags give way
 * to their type's tag, which every publish of such a record purges as well (`publishEventTags`).
 */
export function responseTagList(contentTags: Iterable<string>, path: string, buildId: string): string[] {
  const tags = [...new Set([SITE_TAG, buildTag(buildId), pathTag(path), ...contentTags])];
  if (tags.join(' ').length <= MAX_HEADER_BYTES) return tags;
  return [...new Set(tags.map((tag) => (tag.startsWith('path:') || tag.startsWith('build:') ? tag : tag.split(':')[0]!)))];
}

/**
 * The first middleware (a page cache hit replays the tags it was stored with). Every request runs
 * in a scope of its own where the content client records what it reads
 * (`contentTags.ts`); a response that read content is sent with those tags as `Surrogate-Key`
 * and `Cache-Tag`, so Varnish, Fastly, Cloudflare and the page cache purge it by what it showed
 * (decision 027). A response nobody may keep (an editor's preview) carries none.
 */
export function responseTags(buildId: string): RequestHandler {
  return (req, res, next) => {
    withContentTags(() => {
      tagOnWrite(req, res, buildId);
      next();
    });
  };
}

function tagOnWrite(req: IncomingMessage, res: ServerResponse, buildId: string): void {
  // Node's own method, called on this response below (never detached from it).
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const writeHead = res.writeHead;
  const tags = currentContentTags();
  // Read now: a router mounted at a prefix rewrites `req.url` while it handles the request.
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  let written = false;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    if (written) return writeHead.apply(this, args);
    written = true;
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    if (tags !== undefined && tags.size > 0 && !res.hasHeader(SURROGATE_KEY_HEADER) && !/\bprivate\b/.test(cacheControl)) {
      const list = responseTagList(tags, path, buildId);
      res.setHeader(SURROGATE_KEY_HEADER, list.join(' '));
      res.setHeader(CACHE_TAG_HEADER, list.join(','));
    }
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}
