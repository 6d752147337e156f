import type { ApiTable } from './api-call.ts';
import { z } from 'zod';

/**
 * A member's balance (product.md §3 Wallet sumBalance, §7 wallet) and the event stream that brings it up
 * to date: what a member's every page shows in its header. A module of its own, so that a member's first
 * load carries these schemas and not the transaction history's (docs/decisions/024-first-load-javascript.md);
 * wallet.ts puts the calls in `walletCalls`, and the other contracts take `moneySchema` from here.
 *
 * Money is an integer in the minor unit of its currency, never a fraction: VND has no minor unit, so an
 * amount is whole đồng (`MONEY_DECIMALS`).
 */

/** The currency of the merchant's wallets. */
export const WALLET_CURRENCY = 'VND';
/** Digits after the decimal point of the wallet currency (VND: none). */
export const MONEY_DECIMALS = 0;

/** The largest amount one ledger transaction may move (10^15 minor units). */
export const MAX_LEDGER_AMOUNT = 1_000_000_000_000_000;

/** An amount of money in minor units, as the API writes it. */
export const moneySchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * GET wallet: the member's balances. `sumBalance` is what the member can play or withdraw with (the
 * available balance); `held` is money in withdrawals waiting for an operator and is not part of it.
 * Trial members see their demo credit (`demo: true`): it cannot be deposited to nor withdrawn.
 */
export const walletBalance = z.object({
  sumBalance: moneySchema,
  available: moneySchema,
  held: moneySchema,
  currency: z.string(),
  /** Digits after the decimal point of `currency` (VND: 0). */
  decimals: z.number().int().min(0),
  demo: z.boolean(),
});
export type WalletBalance = z.infer<typeof walletBalance>;

/**
 * Event names of the member's event stream (`GET /api/member/events`, `text/event-stream`); `data` is JSON.
 * `balance`: the member's WalletBalance (as GET /api/wallet answers it), at the stream's start and after
 * each change of the balance the member did not ask for (docs/decisions/041-live-updates.md).
 */
export const MEMBER_EVENTS = { balance: 'balance' } as const;

/** The balance and its event stream, in `walletCalls` under the same names. */
export const walletBalanceCalls = {
  wallet: { method: 'GET', path: '/api/wallet', moduleId: 'FUNDTRANS3', response: walletBalance },
  /** Server-sent events (`text/event-stream`, MEMBER_EVENTS), not an envelope. */
  memberEvents: { method: 'GET', path: '/api/member/events', moduleId: 'PERSPNL3', raw: true },
} as const satisfies ApiTable;
