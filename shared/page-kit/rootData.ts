import { useRouteLoaderData } from 'react-router';
import type { Agency, ProjectFilter, ServiceNode } from '../content/contentApi.ts';
import type { FormFacts } from '../forms/rootFacts.ts';
import { ROOT_ROUTE_ID } from '../routes/table.ts';

/** A service as the burger menu lists it, two levels: the whole tree was 8 KB of JSON in every page. */
export interface MenuService {
  readonly path: string;
  readonly menuTitle: string;
  readonly children: readonly Omit<MenuService, 'children'>[];
}

/** The menu's part of the services tree. */
export function menuServices(services: readonly ServiceNode[]): MenuService[] {
  return services.map(({ path, menuTitle, children }) => ({
    path,
    menuTitle,
    children: children.map((child) => ({ path: child.path, menuTitle: child.menuTitle })),
  }));
}

/** The shell's data, and the only server facts the browser sees (epic-stack's whitelist); `FormFacts` is the forms'. */
export interface RootData extends FormFacts {
  readonly publicBaseUrl: string;
  /** Yandex Maps JS API key (§7), `null` when maps are not configured (the static card shows). */
  readonly yandexMapsApiKey: string | null;
  readonly agency: Agency;
  readonly services: readonly MenuService[];
  readonly projectFilters: readonly ProjectFilter[];
  /** Server's year, so the copyright cannot differ between server HTML and hydration. */
  readonly currentYear: number;
  /** An editor's preview (docs/decisions/021): every page shows the banner. Never cached. */
  readonly preview: boolean;
}

export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>(ROOT_ROUTE_ID);
  if (data === undefined) throw new Error('Root data is not loaded');
  return data;
}

/** Root data where it may be missing (the error page of a failed root loader). */
export function useOptionalRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>(ROOT_ROUTE_ID);
}
