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

/** A response's tags: its content's, the site, its path and build; over the header limit, record tags give way to their type's. */
export function responseTagList(contentTags: Iterable<string>, path: string, buildId: string): string[] {
  const tags = [...new Set([SITE_TAG, buildTag(buildId), pathTag(path), ...contentTags])];
  if (tags.join(' ').length <= MAX_HEADER_BYTES) return tags;
  return [...new Set(tags.map((tag) => (tag.startsWith('path:') || tag.startsWith('build:') ? tag : tag.split(':')[0]!)))];
}

/**
 * The first middleware: each request in a scope where the content reads record their tags, sent as `Surrogate-Key`
 * and `Cache-Tag` so every cache purges it by what it showed (decision 027); a preview carries none.
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
  // eslint-disable-next-line @typescript-eslint/unbound-method -- Node's own method, called on this response below (never detached).
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
