import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/** The help centre (product.md §2 /m/help with tag, i, c; /m/helpDetail; §3 Help item): each screen its own chunk. */
export const HelpScreen = lazyWithPreload(() => import('./help-screen.tsx'));
export const HelpDetailScreen = lazyWithPreload(() => import('./help-detail-screen.tsx'));
