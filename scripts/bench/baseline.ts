/**
 * The bench's baseline, run as a child process of `scripts/bench.ts`: a bare `node:http` server
 * answering with the bytes the site answered, from memory, with no work at all. It is a process
 * of its own, like the site, so that it neither shares its thread with the load generator (which
 * made small responses look slow) nor skips the hand-over between two processes (which made
 * large ones look fast).
 *
 * Protocol: the parent sends one IPC message (`serialization: 'advanced'`, so the bodies go as
 * bytes), a Map of the responses by `"<accept-encoding> <path>"`; the child answers `{ port }` once
 * it listens and serves until it is killed.
 */
import { createServer } from 'node:http';

process.once('message', (responses: Map<string, { status: number; headers: Record<string, string>; body: Uint8Array }>) => {
  const server = createServer((req, res) => {
    const page = responses.get(`${req.headers['accept-encoding'] ?? 'identity'} ${req.url}`);
    if (!page) return void res.writeHead(500).end();
    res.writeHead(page.status, { ...page.headers, 'content-length': page.body.length });
    res.end(page.body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address !== null ? address.port : 0 });
  });
});
