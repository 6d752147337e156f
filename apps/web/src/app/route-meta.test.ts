import { ROUTES, fullPath } from '@kl/contracts/routes';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeAt } from './route-meta.ts';

/** What the router's own matcher finds for a path: the answer `routeAt` must give. */
const TABLE = ROUTES.map((route) => ({ path: fullPath(route.pattern), route }));
const byRouter = (pathname: string) => matchRoutes(TABLE, pathname)?.at(-1)?.route.route;

describe('routeAt', () => {
  const paths = ROUTES.map((route) => fullPath(route.pattern).replace(/:[^/]+/g, 'x1'));

  it('finds the row of every path of the table, as the router does', () => {
    for (const path of paths) {
      const row = routeAt(path);
      expect(row, path).toBeDefined();
      expect(row, path).toBe(byRouter(path));
    }
    expect(routeAt('/m/home')?.page).toBe('home');
  });

  it('reads a path as the router does: in any case, with a trailing slash, with parameters', () => {
    const variants = paths.flatMap((path) => [path.toUpperCase(), `${path}/`, `${path.toLowerCase()}//`]);
    for (const path of variants) expect(routeAt(path), path).toBe(byRouter(path));
    expect(routeAt('/m/voucherCenter/')?.pattern).toBe('voucherCenter');
    expect(routeAt('/m/provider/sports')?.pattern).toBe('provider/:kind');
  });

  it('finds nothing for a path outside the table, as the router does', () => {
    for (const path of ['/m/nowhere', '/m', '/', '/m/home/extra', '/elsewhere/home', '/m/provider']) {
      expect(routeAt(path), path).toBe(byRouter(path));
      expect(routeAt(path), path).toBeUndefined();
    }
  });
});
