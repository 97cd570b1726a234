import compressionMiddleware from 'compression';
import type { RequestHandler } from 'express';

/**
 * gzip/brotli that still streams: `compression` gives the response a `flush()`, and React's
 * pipeable stream calls `flush()` after every batch it writes, so the shell leaves at once.
 */
export function compression(): RequestHandler {
  return compressionMiddleware({ threshold: 1024 });
}
