import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback proxy in front of the site that answers every page as the site does but with every
 * script removed (`<script>` elements and `modulepreload` links): the limit a page's scripts are
 * judged against by `npm run lighthouse`. Everything else (styles, fonts, images, headers) passes
 * through unchanged, so the difference between the two audits is what the scripts cost.
 */
export async function startNoScriptProxy(siteUrl: string): Promise<{ port: number; stop(): Promise<void> }> {
  const site = new URL(siteUrl);
  const server = createServer((req, res) => {
    const headers: IncomingHttpHeaders = { ...req.headers, host: site.host };
    // Identity from the site, so HTML can be rewritten; loopback makes compression moot here.
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
        const body = Buffer.from(withoutScripts(Buffer.concat(chunks).toString('utf8')));
        const { etag: _etag, 'content-length': _length, ...rest } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': body.length });
        res.end(body);
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
 * The HTML with its `<script>…</script>` elements and `<link rel="modulepreload">` tags cut out.
 * A scan with indexOf rather than a pattern: linear on any input, and the site's own HTML is
 * React's serialisation (lowercase tags, no `</script>` inside a script, which React escapes).
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
