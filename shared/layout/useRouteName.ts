import { useMatches } from 'react-router';
import { ROUTES, type RouteName } from '../routes/table.ts';

const nameOf = new Map<string, RouteName>(ROUTES.flatMap((route) => ('name' in route ? [[route.id, route.name] as const] : [])));

/** The §2 route name (`career`, `referral`, `subscribe`, `success-request`) of the current page. */
export function useRouteName(): RouteName | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const name = nameOf.get(matches[index]!.id);
    if (name) return name;
  }
  return undefined;
}
