import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/** Promotions (product.md §2 /m/activity, /m/activityDetail): each screen its own chunk. */
export const ActivityScreen = lazyWithPreload(() => import('./activity-screen.tsx'));
export const ActivityDetailScreen = lazyWithPreload(() => import('./activity-detail-screen.tsx'));
