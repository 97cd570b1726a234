import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp } from '../support/testApp.ts';

/**
 * One real app (real build, embedded content service with the seed) on one loopback server
 * for a whole suite, so hundreds of table rows do not each start a server.
 */
export function useRoutingApp() {
  const state: { server?: Server; logs?: Awaited<ReturnType<typeof createTestApp>>['logs'] } = {};
  beforeAll(async () => {
    const { app, logs } = await createTestApp();
    state.logs = logs;
    state.server = createServer(app);
    await new Promise<void>((resolve) => state.server!.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => state.server?.close(resolve));
  });
  const http = () => {
    if (state.server === undefined) throw new Error('the routing app is not started');
    return request(state.server);
  };
  return {
    get: (path: string) => http().get(path).set('Accept', 'text/html').redirects(0),
    data: (path: string, ids: string) =>
      http()
        .get(`${path}${path.includes('?') ? '&' : '?'}_data=${ids}`)
        .set('Accept', 'application/json')
        .redirects(0),
    head: (path: string) => http().head(path).redirects(0),
    post: (path: string) => http().post(path).redirects(0),
    logs: () => state.logs!,
    port: () => {
      const address = state.server?.address();
      if (typeof address !== 'object' || address === null) throw new Error('the routing app is not listening');
      return address.port;
    },
    /** `from` answers one 301 to `to`, and `to` itself answers without a redirect (one hop, §2). */
    async expectOneHop(from: string, to: string, landing = 200) {
      const first = await http().get(from).set('Accept', 'text/html').redirects(0);
      expect(first.status, `${from} → ?`).toBe(301);
      expect(first.headers.location, `${from} → ?`).toBe(to);
      if (/^https?:/.test(to)) return;
      const second = await http().get(to).set('Accept', 'text/html').redirects(0);
      expect(second.status, `${from} → ${to} must be the final URL`).toBe(landing);
    },
  };
}

/** The `<h1>` text of an HTML page, tags stripped. */
export function h1Of(html: string): string {
  return (
    /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(html)?.[1]
      ?.replace(/<[^<>]+>/g, '')
      .trim() ?? ''
  );
}
