import type { RequestHandler } from 'express';
import { hasPreviewCookie } from './previewCookie.ts';

declare global {
  namespace Express {
    interface Locals {
      /** An editor's preview (decision 021): unpublished content, never cached, not indexed. */
      preview?: boolean;
    }
  }
}

/** Marks a request with a valid preview cookie: its loaders read the working copy, and nobody stores the page. */
export function previewMode(secret: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (secret !== undefined && hasPreviewCookie(req, secret)) {
      res.locals.preview = true;
      res.setHeader('X-Robots-Tag', 'noindex');
    }
    next();
  };
}
