import { HYDRATION_DATA_ID } from '../shared/routes/hydrationData.ts';

interface HydrationWindow {
  __staticRouterHydrationData?: { readonly errors?: unknown };
}

/** By element type and id: content ids (§5) may repeat the id earlier, but content never makes a `<script>`. */
export const HYDRATION_DATA_SELECTOR = `script[type="application/json"]#${HYDRATION_DATA_ID}`;

/** The server's route data, put where `createBrowserRouter` revives its serialized errors. */
export function installHydrationData(): HydrationWindow['__staticRouterHydrationData'] {
  const text = document.querySelector(HYDRATION_DATA_SELECTOR)?.textContent;
  if (!text) return undefined;
  const data = JSON.parse(text) as NonNullable<HydrationWindow['__staticRouterHydrationData']>;
  (window as Window & HydrationWindow).__staticRouterHydrationData = data;
  return data;
}
