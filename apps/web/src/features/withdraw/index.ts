import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/**
 * Withdrawal (product.md §2 /m/withdraw), the security screen (/m/member/security) and identity verification
 * (/m/member/kyc, docs/decisions/057-know-your-customer.md): each its own chunk.
 */
export const WithdrawScreen = lazyWithPreload(() => import('./withdraw-screen.tsx'));
export const SecurityScreen = lazyWithPreload(() => import('./security-screen.tsx'));
export const KycScreen = lazyWithPreload(() => import('./kyc-screen.tsx'));
