import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/** VIP benefits (SPEC §2 /m/member/benefits): its own chunk. */
export const BenefitsScreen = lazyWithPreload(() => import('./benefits-screen.tsx'));
