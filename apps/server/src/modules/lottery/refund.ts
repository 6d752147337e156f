import type { LotteryBetRow } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { LotteryServiceDeps } from './deps.ts';
import { LOTTERY_VENDOR_CODE, lotteryBetKey, lotteryCancelKey } from './keys.ts';

/**
 * Refunding an open bet, as a member's cancel (`betting.ts`) and a voided draw (`voiding.ts`) both do it:
 * the stake back by a ledger reversal under the bet's cancel key (so a bet is refunded once, whoever asks),
 * then the bet `cancelled` in the lottery and in the member's game records. Both steps run on the caller's
 * transaction.
 */
export function createBetRefunds(
  deps: Pick<LotteryServiceDeps, 'lottery' | 'ledgerService' | 'gameRecords'>,
) {
  const { lottery, ledgerService } = deps;

  return {
    /** The ledger reversal of the bet's stake under its cancel key, with `memo` when given. */
    reverseStake(bet: LotteryBetRow, tx: DbOrTx, memo?: Record<string, unknown>) {
      return ledgerService.post(
        {
          merchantCode: bet.merchantCode,
          memberId: bet.memberId,
          idempotencyKey: lotteryCancelKey(bet.id),
          kind: 'reversal',
          reversesTransactionId: bet.betTransactionId,
          reference: lotteryBetKey(bet.id),
          memo,
        },
        tx,
      );
    },

    /** The bet becomes `cancelled` with its refund, in the lottery and in the member's game records. */
    async markCancelled(
      bet: LotteryBetRow,
      settleTransactionId: number,
      now: Date,
      tx: DbOrTx,
    ): Promise<void> {
      await lottery.updateBet(bet.id, { status: 'cancelled', settleTransactionId, settledAt: now }, tx);
      await deps.gameRecords?.settleRound(
        {
          merchantCode: bet.merchantCode,
          vendorCode: LOTTERY_VENDOR_CODE,
          roundKey: bet.id,
          outcome: 'cancelled',
          payout: bet.amount,
          settleTransactionId,
          settledAt: now,
        },
        tx,
      );
    },
  };
}
