import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';

/**
 * A loopback proxy in front of the site answering every page without its scripts (`<script>`s and
 * `modulepreload` links), all else unchanged: the limit `npm run lighthouse` judges a page's scripts by.
 */
export function startNoScriptProxy(siteUrl: string): Promise<{ port: number; stop(): Promise<void> }> {
  return startRewritingProxy(siteUrl, { rewrite: withoutScripts });
}

export interface RewritingProxyOptions {
  /** The page's HTML as the proxy answers it. */
  readonly rewrite: (html: string) => string;
  /** Files the proxy answers itself, by path: JavaScript. */
  readonly files?: ReadonlyMap<string, Uint8Array>;
  /** Response headers left out of a rewritten page (a CSP whose hashes no longer match its scripts). */
  readonly dropHeaders?: readonly string[];
}

const SCRIPT_HEADERS = { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' };

/**
 * A loopback proxy in front of the site whose pages are rewritten by `rewrite`, sent gzipped (when
 * the browser takes it) as the site's would be, so its transfer is the real page's; a file of
 * `files` is answered the same way, and everything else passes through unchanged.
 */
export async function startRewritingProxy(
  siteUrl: string,
  { rewrite, files = new Map(), dropHeaders = [] }: RewritingProxyOptions,
): Promise<{ port: number; stop(): Promise<void> }> {
  const site = new URL(siteUrl);
  const send = (req: IncomingMessage, res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Uint8Array) => {
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const sent = gzip ? gzipSync(body) : body;
    res.writeHead(status, { ...headers, ...(gzip ? { 'content-encoding': 'gzip' } : {}), 'content-length': sent.length });
    res.end(sent);
  };
  const server = createServer((req, res) => {
    const file = files.get(new URL(req.url ?? '/', site).pathname);
    if (file !== undefined) return send(req, res, 200, SCRIPT_HEADERS, file);
    const headers: IncomingHttpHeaders = { ...req.headers, host: site.host };
    // Identity from the site, so HTML can be rewritten.
    delete headers['accept-encoding'];
    const upstream = request({ host: site.hostname, port: site.port, method: req.method, path: req.url, headers }, (answer) => {
      const isHtml = (answer.headers['content-type'] ?? '').startsWith('text/html');
      if (!isHtml) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.from(rewrite(Buffer.concat(chunks).toString('utf8')));
        const { etag: _etag, 'content-length': _length, ...rest } = answer.headers;
        for (const name of dropHeaders) delete rest[name];
        send(req, res, answer.statusCode ?? 502, rest, body);
      });
    });
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The HTML without its `<script>…</script>` elements and `modulepreload` links: an indexOf scan,
 * linear on any input, over React's serialisation (lowercase tags, `</script>` escaped in scripts).
 * An HTML parser (sanitize-html) would serialise the rest anew, and the bytes audited would differ.
 */
export function withoutScripts(html: string): string {
  let result = '';
  let position = 0;
  for (;;) {
    const script = html.indexOf('<script', position);
    const link = html.indexOf('<link', position);
    const next = script === -1 ? link : link === -1 ? script : Math.min(script, link);
    if (next === -1) return result + html.slice(position);
    result += html.slice(position, next);
    if (next === script) {
      const close = html.indexOf('</script>', next);
      position = close === -1 ? html.length : close + '</script>'.length;
    } else {
      const end = html.indexOf('>', next);
      const tagEnd = end === -1 ? html.length : end + 1;
      const tag = html.slice(next, tagEnd);
      if (!tag.includes('modulepreload')) result += tag;
      position = tagEnd;
    }
  }
}
