import { HYDRATION_DATA_ID } from '../shared/routes/hydrationData.ts';

interface HydrationWindow {
  __staticRouterHydrationData?: { readonly errors?: unknown };
}

/**
 * The server's route data (server/ssr/hydrationData.ts), put where `createBrowserRouter` looks for
 * it when given none: react-router turns the serialized errors back into errors only there.
 * Returns it, or undefined on a page without it.
 */
export function installHydrationData(): HydrationWindow['__staticRouterHydrationData'] {
  const text = document.getElementById(HYDRATION_DATA_ID)?.textContent;
  if (!text) return undefined;
  const data = JSON.parse(text) as NonNullable<HydrationWindow['__staticRouterHydrationData']>;
  (window as Window & HydrationWindow).__staticRouterHydrationData = data;
  return data;
}
