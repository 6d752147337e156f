import { ROUTES, fullPath } from '@kl/contracts/routes';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LoginScreen } from '../features/auth/index.ts';
import { VoucherCenterScreen } from '../features/deposit/index.ts';
import { appRoutes, preloadScreenFor, routesFor } from './router.tsx';

/** What the router renders for a path, outermost first: each match's element, pattern and pathname. */
const matched = (routes: Parameters<typeof matchRoutes>[0], path: string) =>
  matchRoutes(routes, path)?.map((match) => [match.route.element, match.route.path, match.pathname]);

describe('routesFor', () => {
  const staticPaths = ROUTES.map((route) => fullPath(route.pattern)).filter((path) => !/[:*]/.test(path));

  it('gives a path without parameters its row alone, matched as the whole table matches it', () => {
    expect(staticPaths.length).toBeGreaterThan(20);
    const variants = staticPaths.flatMap((path) => [path, path.toUpperCase(), `${path}/`]);
    for (const path of variants) {
      const routes = routesFor(path);
      expect(routes, path).not.toBe(appRoutes);
      expect(routes[0]?.children, path).toHaveLength(1);
      expect(matched(routes, path), path).toEqual(matched(appRoutes, path));
    }
    // The same table for the same row, so that a render finds it without building it again.
    expect(routesFor('/m/home')).toBe(routesFor('/M/HOME/'));
  });

  it('gives every other path the whole table: parameters, redirects and unknown paths', () => {
    for (const path of ['/m/provider/sports', '/m', '/m/', '/m/index', '/m/index.html', '/m/nowhere', '/']) {
      expect(routesFor(path), path).toBe(appRoutes);
    }
    expect(matched(appRoutes, '/m/index')?.at(-1)?.[1]).toBe('index');
  });
});

describe('preloadScreenFor (the first screen downloaded while the app starts)', () => {
  it("fetches a members' page's code for a member, and the login sheet's for a visitor sent there", () => {
    const login = vi.spyOn(LoginScreen, 'preload').mockResolvedValue(LoginScreen);
    const deposit = vi.spyOn(VoucherCenterScreen, 'preload').mockResolvedValue(VoucherCenterScreen);

    preloadScreenFor('/m/voucherCenter', true);
    expect(login).toHaveBeenCalledTimes(1);
    expect(deposit).not.toHaveBeenCalled();

    preloadScreenFor('/m/voucherCenter', false);
    expect(deposit).toHaveBeenCalledTimes(1);
    expect(login).toHaveBeenCalledTimes(1);
  });
});
