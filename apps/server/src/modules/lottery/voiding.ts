import type { LotteryBetRow, LotteryDrawRow } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { LotteryServiceDeps } from './deps.ts';
import { createBetRefunds } from './refund.ts';

/**
 * Voiding a draw (docs/back-office.md, "Lottery draws"): an operator calls off a draw that is not drawn
 * yet. In one transaction the draw becomes `void` (never drawn, its seed never published) and each of its
 * open bets is refunded by a ledger reversal of its stake under the bet's cancel key, so a bet is refunded
 * once whether its member cancelled it or the draw was voided, and voiding again refunds nothing. The bets
 * become `cancelled`, in the lottery and in the members' game records, as a member's own cancel leaves them.
 *
 * A drawn or settled draw is refused: its result is out and its wins may be paid (and spent).
 *
 * Locks: the draw FOR UPDATE waits for bets being placed on it (they hold it FOR SHARE) and keeps the
 * draw machine off it (it skips locked draws, then finds it void); its open bets FOR UPDATE wait for a
 * member's cancel in flight, whose bet is then no longer open.
 */

/** What a void did, for the caller's audit in the same transaction. */
export interface DrawVoided {
  before: LotteryDrawRow;
  after: LotteryDrawRow;
  refundedBets: number;
  refundedAmount: bigint;
}
export type OnDrawVoided = (voided: DrawVoided, tx: DbOrTx) => Promise<void>;

export interface VoidOutcome {
  draw: LotteryDrawRow;
  /** False when the draw was void already: nothing was done. */
  changed: boolean;
  refundedBets: number;
  refundedAmount: bigint;
}

export function createLotteryVoiding(
  deps: Pick<
    LotteryServiceDeps,
    'db' | 'lottery' | 'ledgerService' | 'clock' | 'gameRecords' | 'balanceChanged'
  >,
) {
  const { db, lottery, clock } = deps;
  const refunds = createBetRefunds(deps);

  async function refund(bet: LotteryBetRow, draw: LotteryDrawRow, now: Date, tx: DbOrTx): Promise<void> {
    const posted = await refunds.reverseStake(bet, tx, { drawVoided: draw.id, issue: draw.issue });
    await refunds.markCancelled(bet, posted.transactionId, now, tx);
  }

  return {
    /** Voids a draw of the merchant not drawn yet and refunds its open bets; a void draw answers as it is. */
    async voidDraw(
      merchantCode: string,
      drawId: string,
      reason: string,
      onVoided?: OnDrawVoided,
    ): Promise<VoidOutcome> {
      let refunded: LotteryBetRow[] = [];
      const voided = await db.transaction(async (tx) => {
        const draw = await lottery.drawForUpdate(drawId, tx);
        const game = draw ? await lottery.gameById(draw.gameId, tx) : undefined;
        if (!draw || !game || game.merchantCode !== merchantCode) {
          throw new DomainError('NOT_FOUND', { reason: 'DRAW_NOT_FOUND' });
        }
        if (draw.status === 'void') return { draw, changed: false, refundedBets: 0, refundedAmount: 0n };
        if (draw.status !== 'scheduled') {
          throw new DomainError('LOTTERY_DRAW_NOT_VOIDABLE', { status: draw.status });
        }
        const now = clock();
        const after = await lottery.markVoid(draw.id, reason, now, tx);
        if (!after) throw new Error(`draw ${draw.id} changed under its lock`);
        const bets = await lottery.openBetsOf(draw.id, tx);
        refunded = bets;
        let refundedAmount = 0n;
        for (const bet of bets) {
          await refund(bet, draw, now, tx);
          refundedAmount += bet.amount;
        }
        const outcome = { draw: after, changed: true, refundedBets: bets.length, refundedAmount };
        await onVoided?.({ before: draw, after, refundedBets: bets.length, refundedAmount }, tx);
        return outcome;
      });
      for (const bet of refunded) deps.balanceChanged?.(bet.memberId);
      return voided;
    },
  };
}

export type LotteryVoiding = ReturnType<typeof createLotteryVoiding>;
