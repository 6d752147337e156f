import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/** Withdrawal (product.md §2 /m/withdraw) and the security screen (/m/member/security): each its own chunk. */
export const WithdrawScreen = lazyWithPreload(() => import('./withdraw-screen.tsx'));
export const SecurityScreen = lazyWithPreload(() => import('./security-screen.tsx'));
