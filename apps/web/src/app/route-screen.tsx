import { fullPath, type RouteDefinition } from '@kl/contracts/routes';
import { useLayoutEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FreeReject, TrialMemberAlert } from '../features/auth/index.ts';
import { useSession } from '../shared/stores/session-store.ts';
import { useUiStore } from '../shared/stores/ui-store.ts';
import type { Screen } from './route-meta.ts';

/** Pages a trial member may not open (product.md §6): the member centre asks them to register, the inbox refuses. */
const TRIAL_ALERT_PAGES = ['member'];
const TRIAL_REJECTED_PATTERNS = ['webEmail'];

/**
 * Renders a route's screen; a category path (/m/live-games …) first selects its category. Role
 * gating of product.md §6 from the route table's `gated` flag: a visitor goes to /m/login (replacing the
 * address, and coming back here after logging in).
 */
export function RouteScreen({ route, screen: ScreenComponent }: { route: RouteDefinition; screen: Screen }) {
  const selectCategory = useUiStore((state) => state.selectCategory);
  const { role } = useSession();
  const location = useLocation();
  useLayoutEffect(() => {
    if (route.category) selectCategory(route.category);
  }, [route.category, selectCategory]);
  if (route.gated && role === 'visitor') {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={fullPath('login')} replace state={{ from }} />;
  }
  if (role === 'trial' && TRIAL_ALERT_PAGES.includes(route.page))
    return <TrialMemberAlert page={route.page} />;
  if (role === 'trial' && TRIAL_REJECTED_PATTERNS.includes(route.pattern))
    return <FreeReject page={route.page} />;
  return <ScreenComponent />;
}
