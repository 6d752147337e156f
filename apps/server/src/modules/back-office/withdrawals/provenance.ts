import type { RiskFlag, WithdrawalProvenance } from '@kl/contracts/admin/money';
import { SHARED_MEMBERS_NAMED } from '@kl/contracts/admin/risk';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { balanceAdjustment, operator } from '../../../db/schema/index.ts';
import type { Db } from '../../../platform/db.ts';
import { createProvenanceRepository } from '../../reporting/index.ts';
import { bonusStanding } from '../../risk/index.ts';
import { moneyNumber } from '../../wallet/index.ts';

/** Other members named beside a flag, at most this many (as many as a risk signal names). */
const NAMED = SHARED_MEMBERS_NAMED;

/**
 * Where a member's money came from since their last paid withdrawal (docs/back-office.md, "Withdrawals
 * and deposits"): the real-money ledger by kind, the manual adjustments with who asked and approved, and
 * the flags a reviewer weighs (shared account, device or address; bonuses above deposits; credits by hand).
 */
export function createProvenance(db: Db) {
  const requester = alias(operator, 'requester');
  const decider = alias(operator, 'decider');

  // What the ledger, the withdrawals, the members and their sessions say: the reporting read model's.
  const across = createProvenanceRepository(db);

  return {
    async of(request: {
      merchantCode: string;
      memberId: string;
      createdAt: Date;
    }): Promise<WithdrawalProvenance> {
      const { merchantCode, memberId } = request;
      const since = await across.lastPaidWithdrawal(memberId, request.createdAt);
      const from = since ?? new Date(0);
      const sums = await across.ledgerByKind(memberId, from, request.createdAt);
      const amount = (kind: string) => BigInt(sums.find((row) => row.kind === kind)?.amount ?? 0);
      const payout = (kind: string) => BigInt(sums.find((row) => row.kind === kind)?.payout ?? 0);
      // The rule the risk queue's bonus_over_deposits signal uses at a bonus claim (risk module).
      const { deposits, bonuses, over } = bonusStanding(sums);
      const manualCredits = amount('adjustment_credit');

      const adjustments = await db
        .select({
          row: balanceAdjustment,
          requestedBy: requester.username,
          decidedBy: decider.username,
        })
        .from(balanceAdjustment)
        .innerJoin(requester, eq(requester.id, balanceAdjustment.requestedBy))
        .leftJoin(decider, eq(decider.id, balanceAdjustment.decidedBy))
        .where(
          and(
            eq(balanceAdjustment.memberId, memberId),
            eq(balanceAdjustment.status, 'applied'),
            gte(balanceAdjustment.createdAt, from),
            lte(balanceAdjustment.createdAt, request.createdAt),
          ),
        )
        .orderBy(asc(balanceAdjustment.createdAt), asc(balanceAdjustment.id));

      const shared = await Promise.all([
        across.sharedBankAccount(merchantCode, memberId, NAMED),
        across.sharedDevice(merchantCode, memberId, NAMED),
        across.sharedAddress(merchantCode, memberId, NAMED),
      ]);
      const flags: { flag: RiskFlag; members: string[] }[] = [];
      const sharedFlags = ['shared_bank_account', 'shared_device', 'shared_address'] as const;
      sharedFlags.forEach((flag, index) => {
        const members = shared[index] ?? [];
        if (members.length > 0) flags.push({ flag, members: members.map((other) => other.username) });
      });
      if (over) flags.push({ flag: 'bonus_over_deposits', members: [] });
      if (manualCredits > 0n) flags.push({ flag: 'manual_credit', members: [] });

      return {
        since: since?.toISOString() ?? null,
        deposits: moneyNumber(deposits),
        stakes: moneyNumber(amount('bet') + amount('game_round')),
        winnings: moneyNumber(amount('win') + payout('game_round') + amount('jackpot_win')),
        bonuses: moneyNumber(bonuses),
        manualCredits: moneyNumber(manualCredits),
        manualDebits: moneyNumber(amount('adjustment_debit')),
        agentPay: moneyNumber(amount('agent_commission')),
        adjustments: adjustments.map(({ row, requestedBy, decidedBy }) => ({
          id: row.id,
          direction: row.direction,
          amount: moneyNumber(row.amount),
          requestedBy,
          decidedBy,
          createdAt: row.createdAt.toISOString(),
        })),
        flags,
      };
    },
  };
}
export type Provenance = ReturnType<typeof createProvenance>;
