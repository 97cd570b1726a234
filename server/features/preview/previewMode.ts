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

/**
 * Marks a request carrying a valid preview cookie: its loaders read the working copy
 * (server/app.ts), and the page handler neither stores nor lets anyone store it
 * (`Cache-Control: private, no-store`, server/features/pages/ssr/pageHandler.tsx). A preview is not for search
 * engines either. Without PREVIEW_SECRET nothing is ever a preview.
 */
export function previewMode(secret: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (secret !== undefined && hasPreviewCookie(req, secret)) {
      res.locals.preview = true;
      res.setHeader('X-Robots-Tag', 'noindex');
    }
    next();
  };
}
