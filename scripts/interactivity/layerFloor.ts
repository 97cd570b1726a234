import type { BrowserContext, Page } from 'playwright-core';
import { withoutScripts } from '../lighthouse/noScriptProxy.ts';

/**
 * The floor of a tap that opens a layer, measured in the same run as the site's own tap: the same
 * page without any of its scripts (as `npm run lighthouse` judges a page), the same layer — the
 * markup and the style rules the hydrated site had built for it, copied from a page where it was —
 * already in the document and hidden, and a click listener that only removes one attribute. What
 * is left is the browser's part of the interaction on this machine and profile: the touch events
 * and the mouse events a tap emulates, the frames between them, the restyle and paint of the
 * layer. The site's tap above it is the site's own cost (docs/performance.md, decision 017).
 */
export interface LayerCopy {
  /** The layer's outer HTML, with the attribute that hides it. */
  readonly html: string;
  /** The style rules of the hydrated page; those the page without scripts lacks are added. */
  readonly rules: readonly string[];
  /** What the visitor taps, a link in the page without scripts. */
  readonly trigger: string;
  /** The element inside `html` whose `data-closed` attribute hides the layer. */
  readonly closed: string;
}

/** Every rule of every style sheet of `page`, as text. */
export function styleRulesOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.styleSheets].flatMap((sheet) => {
      try {
        return [...sheet.cssRules].map((rule) => rule.cssText);
      } catch {
        return []; // a cross-origin sheet; the site has none
      }
    }),
  );
}

/**
 * Serves `pathname` in `context` without its scripts and its Content-Security-Policy, with `layer`
 * in the document, hidden, and shown by a tap on its trigger. Call before the page loads. A layer
 * the server's HTML has already, shown by the browser itself (the burger menu's popover,
 * docs/decisions/031), is given as its trigger alone: the page without scripts is its floor.
 */
export async function serveLayerFloor(
  context: BrowserContext,
  page: Page,
  siteUrl: string,
  pathname: string,
  layer: LayerCopy | { readonly trigger: string },
) {
  await page.route(new URL(pathname, siteUrl).href, async (route) => {
    const response = await route.fetch();
    const { 'content-security-policy': _policy, 'content-length': _length, etag: _etag, ...headers } = response.headers();
    await route.fulfill({ response, headers, body: withoutScripts(await response.text()) });
  });
  if (!('html' in layer)) return;
  await context.addInitScript((copy: LayerCopy) => {
    document.addEventListener('DOMContentLoaded', () => {
      const present = new Set([...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)));
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(copy.rules.filter((rule) => !present.has(rule)).join('\n'));
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      document.body.insertAdjacentHTML('beforeend', copy.html);
      const hidden = document.querySelector(copy.closed);
      document.addEventListener('click', (event) => {
        if (!(event.target instanceof Element) || event.target.closest(copy.trigger) === null) return;
        event.preventDefault();
        hidden?.removeAttribute('data-closed');
      });
    });
  }, layer);
}
