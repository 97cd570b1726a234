import { constants as zlib } from 'node:zlib';
import compressionMiddleware from 'compression';
import type { RequestHandler } from 'express';
import { COMPRESSION_THRESHOLD_BYTES, PER_REQUEST_BROTLI_QUALITY, PER_REQUEST_GZIP_LEVEL } from './contentCoding.ts';

/** gzip/brotli of per-request responses at brotli 1 and gzip 4, where CPU counts more than the last bytes (decision 046). */
export function compression(): RequestHandler {
  return compressionMiddleware({
    // A response with its validator is sent in the coding its ETag names (decision 038), compressed
    // by its handler (sendRepresentation.ts) or precompressed by the build.
    filter: (req, res) => !res.hasHeader('ETag') && compressionMiddleware.filter(req, res),
    threshold: COMPRESSION_THRESHOLD_BYTES,
    level: PER_REQUEST_GZIP_LEVEL,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY } },
  });
}
