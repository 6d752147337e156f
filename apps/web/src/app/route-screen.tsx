import { useLayoutEffect } from 'react';
import { useUiStore } from '../shared/stores/ui-store.ts';
import type { RouteDefinition } from '@kl/contracts/routes';
import type { Screen } from './route-meta.ts';

/** Renders a route's screen; a category path (/m/live-games …) first selects its category. */
export function RouteScreen({ route, screen: ScreenComponent }: { route: RouteDefinition; screen: Screen }) {
  const selectCategory = useUiStore((state) => state.selectCategory);
  useLayoutEffect(() => {
    if (route.category) selectCategory(route.category);
  }, [route.category, selectCategory]);
  return <ScreenComponent />;
}
