import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/** The home screen (/m/home and its aliases), in its own chunk. */
export const HomeScreen = lazyWithPreload(() => import('./home-screen.tsx'));
