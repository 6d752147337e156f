/**
 * The names the lottery's money is recorded under: the ledger idempotency keys of a bet, its win and its
 * cancellation (one ledger transaction per key, docs/conventions.md "Money"), and the provider code of
 * lottery bets in the members' game records (product.md §3).
 */

/** The provider code under which lottery bets are recorded in the game records. */
export const LOTTERY_VENDOR_CODE = 'KL_LOTTERY';
export const lotteryBetKey = (betId: string) => `lottery-bet:${betId}`;
export const lotteryWinKey = (betId: string) => `lottery-win:${betId}`;
export const lotteryCancelKey = (betId: string) => `lottery-cancel:${betId}`;
