import { ROUTES, fullPath, type RouteDefinition } from '@kl/contracts/routes';
import { useMemo } from 'react';
import { matchRoutes, useLocation } from 'react-router';

const TABLE = ROUTES.map((route) => ({ path: fullPath(route.pattern), route }));

/** The route-table row of the current address, for a screen that serves several routes (features may not import the app's helper). */
export function useCurrentRouteRow(): RouteDefinition | undefined {
  const { pathname } = useLocation();
  return useMemo(() => matchRoutes(TABLE, pathname)?.at(-1)?.route.route, [pathname]);
}
