import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/**
 * The wallet (product.md §2 wallet widget, §3 Wallet sumBalance, §4 Balance masking). The widget is its own
 * chunk (it parses the answer with the contracts schema, which carries zod): show it inside Suspense.
 * After a change of the balance (a deposit paid), invalidate WALLET_QUERY_KEY.
 */
export const WalletBalance = lazyWithPreload(() => import('./components/wallet-balance.tsx'));
/** Turnover: withdrawable and locked money, running requirements, forfeit (withdrawal screen, member centre). */
export const TurnoverPanel = lazyWithPreload(() => import('./components/turnover-panel.tsx'));
/** Under a balance: what can be withdrawn now while turnover locks part of it (nothing otherwise). */
export const WithdrawableNote = lazyWithPreload(() => import('./components/withdrawable-note.tsx'));
export { WALLET_QUERY_KEY } from './api/keys.ts';
export { useLiveBalance } from './api/use-live-balance.ts';
export { MASKED_BALANCE, balanceText } from './lib/balance-text.ts';
export { BALANCE_HIDDEN_KEY, useBalanceVisibility } from './lib/balance-visibility.ts';
