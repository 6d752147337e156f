import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/** The shell around the screens that is not layout: the side menu (language, theme, clock). */
export const SideMenu = lazyWithPreload(() => import('./side-menu.tsx'));
