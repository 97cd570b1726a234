import { get } from 'node:http';

/**
 * GET over a fresh connection (no keep-alive pool): each request is a new connection that the
 * cluster primary hands to one of its workers, as a new visitor's would be.
 */
export function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`no answer from ${url} in 10 s`)));
  });
}
