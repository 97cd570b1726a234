import { HYDRATION_DATA_ID } from '../shared/routes/hydrationData.ts';

interface HydrationWindow {
  __staticRouterHydrationData?: { readonly errors?: unknown };
}

/**
 * The block by its element type and id, not by id alone: ids also come from content (a section's
 * `element_anchor_id`, §5), and an element of the page with the same id comes first in the
 * document. Content never makes a `<script>` (server/platform/content/client/markdown.ts).
 */
export const HYDRATION_DATA_SELECTOR = `script[type="application/json"]#${HYDRATION_DATA_ID}`;

/**
 * The server's route data (server/features/pages/ssr/hydrationData.ts), put where `createBrowserRouter` looks for
 * it when given none: react-router turns the serialized errors back into errors only there.
 * Returns it, or undefined on a page without it.
 */
export function installHydrationData(): HydrationWindow['__staticRouterHydrationData'] {
  const text = document.querySelector(HYDRATION_DATA_SELECTOR)?.textContent;
  if (!text) return undefined;
  const data = JSON.parse(text) as NonNullable<HydrationWindow['__staticRouterHydrationData']>;
  (window as Window & HydrationWindow).__staticRouterHydrationData = data;
  return data;
}
