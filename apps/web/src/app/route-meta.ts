import { ROUTES, fullPath, type RouteDefinition } from '@kl/contracts/routes';
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { matchRoutes, useLocation } from 'react-router';
import type translation from '../locales/vi.json';
import type { PreloadableComponent } from '../shared/lib/lazy-with-preload.ts';

/** A screen takes no props; one that needs its route-table row reads `useCurrentRoute()`. */
export type Screen = PreloadableComponent<object>;

/** Title keys that exist in the locale files (the route table's keys are checked by a test). */
export type RouteTitleKey = `route.${keyof typeof translation.route}`;

const TABLE = ROUTES.map((route) => ({ path: fullPath(route.pattern), route }));

/** A path as the router compares it: letters in any case, trailing slashes left out. */
const comparable = (path: string) => path.replace(/\/+$/, '').toLowerCase();
const hasParameters = (path: string) => /[:*]/.test(path);

/**
 * The rows without parameters, by path. The router's own matcher flattens and ranks the whole table
 * on every call, and the first call, while the app's code is still cold, is a long piece of the task
 * that starts the app (docs/performance.md); a path without parameters is a lookup.
 */
const STATIC_ROWS = new Map(
  TABLE.filter((row) => !hasParameters(row.path)).map((row) => [comparable(row.path), row.route]),
);

/** The route-table row of a path without parameters, found by lookup (undefined for any other path). */
export const staticRouteAt = (pathname: string): RouteDefinition | undefined =>
  STATIC_ROWS.get(comparable(pathname));

/** The route-table row a path shows (undefined for the paths that redirect home). */
export function routeAt(pathname: string): RouteDefinition | undefined {
  return staticRouteAt(pathname) ?? matchRoutes(TABLE, pathname)?.at(-1)?.route.route;
}

/** The route-table row of the current screen. */
export function useCurrentRoute(): RouteDefinition | undefined {
  const { pathname } = useLocation();
  return useMemo(() => routeAt(pathname), [pathname]);
}

/** A category path shows the title of its category; any other route the title of its page. */
export function routeTitle(route: RouteDefinition | undefined, t: TFunction): string {
  if (!route) return '';
  return route.category ? t(`category.${route.category}`) : t(route.titleKey as RouteTitleKey);
}

/** The route's title in the current language (`routeTitle`). */
export function useRouteTitle(route: RouteDefinition | undefined): string {
  const { t } = useTranslation();
  return routeTitle(route, t);
}

/**
 * The document's title: the screen's, then the site's name once the system status has told it. The
 * server writes it into the pages it renders, so that the app finds it in place (docs/performance.md).
 */
export const documentTitle = (title: string, siteName: string | undefined): string =>
  title && siteName ? `${title} | ${siteName}` : title;
