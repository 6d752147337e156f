import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { fromBeforeTo, pageParams } from './paging.ts';
import { moneySchema, walletBalanceCalls } from './wallet-balance.ts';

export {
  MAX_LEDGER_AMOUNT,
  MEMBER_EVENTS,
  MONEY_DECIMALS,
  WALLET_CURRENCY,
  moneySchema,
  walletBalance,
  walletBalanceCalls,
  type WalletBalance,
} from './wallet-balance.ts';

/**
 * The wallet (product.md §3 Wallet sumBalance, §7 wallet and "reports" calls) and the kinds of the money
 * ledger behind it; the balance itself is wallet-balance.ts's.
 *
 * Money is an integer in the minor unit of its currency, never a fraction: VND has no minor unit, so an
 * amount is whole đồng (`MONEY_DECIMALS`). Every balance change is one ledger transaction of a kind below.
 */

/** Demo credit a trial member (type 4) receives when the trial account is created; it is never real money. */
export const TRIAL_CREDIT_AMOUNT = 2_000_000;

/**
 * Kinds of ledger transactions:
 * - `deposit`: a paid deposit order credits the member;
 * - `withdrawal_hold` / `withdrawal_release` / `withdrawal_paid`: a withdrawal request moves money from the
 *   available balance to the held one; a rejected request releases it; a paid one takes it out;
 * - `bet` / `win`: a stake and a payout of a game, when they happen at different times (a lottery ticket is
 *   paid when placed and won at the draw);
 * - `game_round`: a round played and settled at once (a slot spin): the stake out and the payout in, one
 *   transaction;
 * - `bonus`: a promotion credited;
 * - `bonus_forfeit`: a bonus given up before its turnover was met (the locked bonus and winnings go back);
 * - `reversal`: undoes one earlier transaction (its entries negated);
 * - `trial_credit`: the demo credit of a trial member;
 * - `adjustment_credit`, `adjustment_debit`: a manual adjustment by an operator (docs/back-office.md);
 * - `agent_commission`: an agent's salary, hourly salary or dividend of one period (docs/agents.md);
 * - `free_round_win`, `bonus_win`, `jackpot_win`, `promo_win`: a game provider's credit without a stake (a
 *   win of free rounds the operator granted, of a provider's bonus feature, of its jackpot, of its
 *   promotion), each with its turnover rule (docs/decisions/065-provider-credits.md).
 */
export const LEDGER_KINDS = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_paid',
  'bet',
  'win',
  'game_round',
  'bonus',
  'bonus_forfeit',
  'reversal',
  'trial_credit',
  'adjustment_credit',
  'adjustment_debit',
  'agent_commission',
  'free_round_win',
  'bonus_win',
  'jackpot_win',
  'promo_win',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Transaction history pages: default and largest page size. */
export const TRANSACTION_PAGE_SIZE = { default: 20, max: 100 } as const;

const isoDateTime = z.iso.datetime({ offset: true });

/** One kind, or several separated by commas (`deposit,bonus`). */
const kindsParam = z.string().transform((value, context) => {
  const kinds = [...new Set(value.split(',').map((part) => part.trim()))].filter(Boolean);
  const unknown = kinds.filter((kind) => !(LEDGER_KINDS as readonly string[]).includes(kind));
  if (kinds.length === 0 || unknown.length > 0) {
    context.addIssue({ code: 'custom', message: `kind must be among ${LEDGER_KINDS.join(', ')}` });
    return z.NEVER;
  }
  return kinds as LedgerKind[];
});

/**
 * GET transaction history: the member's ledger transactions, newest first, paged. `from` (inclusive) and
 * `to` (exclusive) are ISO 8601 times with an offset (`2030-03-01T00:00:00+07:00`); `kind` filters by one
 * or several kinds.
 */
export const transactionHistoryQuery = z
  .object({
    ...pageParams(TRANSACTION_PAGE_SIZE),
    kind: kindsParam.optional(),
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
  })
  .refine(...fromBeforeTo);
export type TransactionHistoryQuery = z.input<typeof transactionHistoryQuery>;

/** One line of the history: one ledger transaction as the member's balances saw it. */
export const walletTransaction = z.object({
  /** The ledger transaction id (digits). */
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** The amount the transaction moved (positive). */
  amount: moneySchema,
  currency: z.string(),
  /** Change of the available balance (negative for a bet or a withdrawal hold; 0 when untouched). */
  availableChange: z.number().int(),
  /** Change of the held balance (withdrawal hold, release and payment). */
  heldChange: z.number().int(),
  /** The available balance right after this transaction; null when it did not touch it. */
  balanceAfter: moneySchema.nullable(),
  /** What it belongs to, e.g. `deposit:<orderId>`; null when nothing. */
  reference: z.string().nullable(),
  /**
   * A game's transaction: the game's name and the round (a provider's round id, a lottery draw's issue, a
   * slot round's id), shown to the member instead of the reference; null for any other.
   */
  game: z.object({ name: z.string(), round: z.string().nullable() }).nullable(),
  /** For a reversal: the id of the transaction it undid. */
  reverses: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

export const transactionHistory = z.object({
  list: z.array(walletTransaction),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type TransactionHistory = z.infer<typeof transactionHistory>;

/** The wallet calls of the API table (api-paths.ts composes every domain's calls). */
export const walletCalls = {
  ...walletBalanceCalls,
  walletTransactions: {
    method: 'GET',
    path: '/api/wallet/transactions',
    moduleId: 'MEMTRANS3',
    query: transactionHistoryQuery,
    response: transactionHistory,
  },
} as const satisfies ApiTable;
