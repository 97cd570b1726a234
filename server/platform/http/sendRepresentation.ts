import type { Request, Response } from 'express';
import { entityTagInCoding, entityTagOf, ifNoneMatchMatches } from './conditionalRequests.ts';
import { codingFor, COMPRESSION_THRESHOLD_BYTES, encodeBody, type ContentCoding } from './contentCoding.ts';

/** A body made for this request, compressed here so its ETag names the coding (decision 038); a weak match is a 304, a 200 gets a tag. */
export async function sendRepresentation(req: Request, res: Response, body: Buffer | string): Promise<void> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const coding: ContentCoding = bytes.length >= COMPRESSION_THRESHOLD_BYTES ? codingFor(req.headers['accept-encoding']) : 'identity';
  res.vary('Accept-Encoding');
  if (res.statusCode === 200) {
    const tag = entityTagInCoding(entityTagOf(bytes), coding);
    res.setHeader('ETag', tag);
    if ((req.method === 'GET' || req.method === 'HEAD') && ifNoneMatchMatches(req.headers['if-none-match'], tag)) {
      res.removeHeader('Content-Type');
      return void res.status(304).end();
    }
  }
  const encoded = await encodeBody(bytes, coding);
  if (res.destroyed) return;
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
  // Node writes the length of a body sent whole itself; a HEAD answer says what a GET would send.
  if (req.method === 'HEAD') res.setHeader('Content-Length', String(encoded.length));
  res.end(req.method === 'HEAD' ? undefined : encoded);
}
