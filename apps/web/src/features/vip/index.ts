import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/** VIP benefits (product.md §2 /m/member/benefits): its own chunk. */
export const BenefitsScreen = lazyWithPreload(() => import('./benefits-screen.tsx'));
