import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/** The in-house provably fair slot (product.md §2 /m/slotsCenter): its own chunk. */
export const SlotsCenterScreen = lazyWithPreload(() => import('./slots-center-screen.tsx'));
