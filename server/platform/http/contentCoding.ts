import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';

/** The content codings the site sends a body in (RFC 9110 §8.4.1), in the order it prefers them. */
export type ContentCoding = 'br' | 'gzip' | 'identity';
export const CONTENT_CODINGS: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/** Below this a body is sent as it is: the coding's frame costs about what it would save. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Compression made per request (decision 046); a cached page is compressed once, at the highest levels. */
export const PER_REQUEST_BROTLI_QUALITY = 1;
export const PER_REQUEST_GZIP_LEVEL = 4;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The coding by `Accept-Encoding` (negotiator, as Express reads it), once per header value: brotli whenever accepted. */
const codingByHeader = new LRUCache<string, ContentCoding>({
  max: 64,
  memoMethod: (header) => {
    const accepted = new Negotiator({ headers: { 'accept-encoding': header } }).encodings([...CONTENT_CODINGS]);
    return CONTENT_CODINGS.find((each) => accepted.includes(each)) ?? 'identity';
  },
});

export function codingFor(acceptEncoding: string | string[] | undefined): ContentCoding {
  if (acceptEncoding === undefined) return 'identity';
  return codingByHeader.memo(Array.isArray(acceptEncoding) ? acceptEncoding.join(', ') : acceptEncoding);
}

/** The body in a coding, compressed as a per-request answer is (off the main thread, on libuv's pool). */
export async function encodeBody(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  if (coding === 'gzip') return gzipAsync(body, { level: PER_REQUEST_GZIP_LEVEL });
  if (coding === 'br')
    return brotliAsync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  return body;
}
