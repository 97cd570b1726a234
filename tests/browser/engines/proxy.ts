import { execFile } from 'node:child_process';
import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';

/** A key and a self-signed certificate for 127.0.0.1, made for one run (openssl, in Debian's base). */
export interface Certificate {
  readonly key: string;
  readonly cert: string;
}

export function selfSignedCertificate(): Promise<Certificate> {
  const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'];
  args.push('-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', '-', '-out', '-');
  return new Promise((resolve, reject) => {
    execFile('openssl', args, (error, stdout) => {
      if (error) return reject(new Error(`openssl failed: ${error.message}`));
      const key = /-----BEGIN PRIVATE KEY-----[^-]+-----END PRIVATE KEY-----/.exec(stdout)?.[0];
      const cert = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/.exec(stdout)?.[0];
      if (key === undefined || cert === undefined) return reject(new Error(`openssl gave no key and certificate:\n${stdout}`));
      resolve({ key, cert });
    });
  });
}

export interface ProxyOptions {
  /** The loopback port to listen on (known before the site starts: its ALLOWED_ORIGINS name the proxy). */
  readonly port: number;
  /** Serves HTTPS with this certificate and tells the site so (`X-Forwarded-Proto: https`, TRUST_PROXY=1). */
  readonly tls?: Certificate;
  /**
   * Adds a second Content-Security-Policy, `script-src 'none'`: a browser enforces both, so the
   * page runs no script at all — the site as a visitor with JavaScript off gets it, in an engine
   * whose driver cannot switch JavaScript off (WebKitWebDriver).
   */
  readonly scriptsOff?: boolean;
}

export interface RunningProxy {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * A reverse proxy on a free loopback port in front of the site at `target`, as a TLS-terminating
 * router would be in production: the `Host` the browser sent goes through unchanged, so the
 * site's redirects and same-origin checks see the proxy's origin.
 */
export async function startProxy(target: string, options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(target);
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const headers = { ...incoming.headers, ...(options.tls ? { 'x-forwarded-proto': 'https' } : {}) };
    const proxied = httpRequest(
      // A connection per request: a pooled one the site closes after its 5 s of keep-alive idleness
      // (server/platform/http/httpServer.ts) could be reused just as it closes, and the visitor's post be lost
      // to the proxy, not to the site.
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers, agent: false },
      (response) => {
        const answer = { ...response.headers };
        if (options.scriptsOff) {
          const policies = answer['content-security-policy'];
          answer['content-security-policy'] = [...(policies === undefined ? [] : [policies].flat()), "script-src 'none'"].join(', ');
        }
        outgoing.writeHead(response.statusCode ?? 502, answer);
        response.pipe(outgoing);
      },
    );
    proxied.on('error', () => outgoing.destroy());
    incoming.pipe(proxied);
  };
  const server: Server = options.tls
    ? createHttpsServer({ key: options.tls.key, cert: options.tls.cert }, forward)
    : createHttpServer(forward);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  return {
    url: proxyOrigin(options),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The origin a proxy with these options serves. */
export function proxyOrigin(options: Pick<ProxyOptions, 'port' | 'tls'>): string {
  return `${options.tls ? 'https' : 'http'}://127.0.0.1:${options.port}`;
}
