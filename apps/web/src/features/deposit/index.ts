import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/** Deposit (product.md §2 /m/voucherCenter): its own chunk. */
export const VoucherCenterScreen = lazyWithPreload(() => import('./voucher-center-screen.tsx'));
