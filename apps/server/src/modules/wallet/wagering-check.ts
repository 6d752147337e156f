import { and, eq, sql } from 'drizzle-orm';
import {
  gameRound,
  ledgerAccount,
  ledgerTransaction,
  promotionClaim,
  wageringProgress,
  wageringRequirement,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { LedgerProblem } from './ledger-check.ts';
import { BONUS_KINDS } from './wagering.ts';

/**
 * Turnover requirements against the ledger (run by `npm run ledger:check`; docs/decisions/017):
 * - a requirement's progress is the sum of its progress rows, and each row is its category's share of the
 *   stake of a settled round of the same member whose stake the ledger took;
 * - a met requirement reached its turnover, a running one has not;
 * - a member's running requirements lock no more than their available balance;
 * - a bonus requirement belongs to a `bonus` transaction (or a provider's promotional credit) of its member (and, when it names a claim, to that
 *   claimed claim credited by it); a deposit requirement to a `deposit` transaction of its member;
 * - every `bonus_forfeit` transaction is the forfeit of exactly one forfeited requirement of its member.
 */
export async function checkWagering(db: DbOrTx): Promise<{ summary: string; problems: LedgerProblem[] }> {
  const problems: LedgerProblem[] = [];
  const add = (kind: string, message: string) => problems.push({ kind, message });

  const requirements = await db
    .select({
      id: wageringRequirement.id,
      memberId: wageringRequirement.memberId,
      status: wageringRequirement.status,
      required: wageringRequirement.required,
      progress: wageringRequirement.progress,
      counted: sql<string>`coalesce((select sum(${wageringProgress.amount}) from ${wageringProgress}
        where ${wageringProgress.requirementId} = ${wageringRequirement.id}), 0)::text`,
      hasBonus: sql<boolean>`${wageringRequirement.bonusTransactionId} is not null`,
      bonusMatches: sql<boolean>`coalesce((select ${ledgerTransaction.kind} in (${sql.join(
        BONUS_KINDS.map((kind) => sql`${kind}`),
        sql`, `,
      )})
        and ${ledgerTransaction.memberId} = ${wageringRequirement.memberId}
        from ${ledgerTransaction} where ${ledgerTransaction.id} = ${wageringRequirement.bonusTransactionId}), false)`,
      hasClaim: sql<boolean>`${wageringRequirement.claimId} is not null`,
      claimMatches: sql<boolean>`coalesce(${promotionClaim.status} = 'claimed'
        and ${promotionClaim.memberId} = ${wageringRequirement.memberId}
        and ${promotionClaim.ledgerTransactionId} = ${wageringRequirement.bonusTransactionId}, false)`,
      hasDeposit: sql<boolean>`${wageringRequirement.depositTransactionId} is not null`,
      depositMatches: sql<boolean>`coalesce((select ${ledgerTransaction.kind} = 'deposit'
        and ${ledgerTransaction.memberId} = ${wageringRequirement.memberId}
        from ${ledgerTransaction} where ${ledgerTransaction.id} = ${wageringRequirement.depositTransactionId}), false)`,
      forfeitId: wageringRequirement.forfeitTransactionId,
      forfeitMatches: sql<boolean>`coalesce((select ${ledgerTransaction.kind} = 'bonus_forfeit'
        and ${ledgerTransaction.memberId} = ${wageringRequirement.memberId}
        from ${ledgerTransaction} where ${ledgerTransaction.id} = ${wageringRequirement.forfeitTransactionId}), false)`,
    })
    .from(wageringRequirement)
    .leftJoin(promotionClaim, eq(promotionClaim.id, wageringRequirement.claimId));
  for (const row of requirements) {
    const name = `turnover requirement ${row.id} (member ${row.memberId})`;
    if (BigInt(row.counted) !== row.progress) {
      add(
        'turnover_progress_mismatch',
        `${name}: progress ${row.progress} but its rounds add up to ${row.counted}`,
      );
    }
    if (row.status === 'active' && row.progress >= row.required) {
      add('turnover_met_but_running', `${name}: reached ${row.progress} of ${row.required} but still locks`);
    }
    if (row.hasBonus && !row.bonusMatches) {
      add('turnover_bonus_mismatch', `${name}: its bonus transaction is not a bonus of the member`);
    }
    if (row.hasClaim && !row.claimMatches) {
      add(
        'turnover_claim_mismatch',
        `${name}: its claim is not the member's claimed bonus of that transaction`,
      );
    }
    if (row.hasDeposit && !row.depositMatches) {
      add('turnover_deposit_mismatch', `${name}: its deposit transaction is not a deposit of the member`);
    }
    if (row.status === 'forfeited' && row.forfeitId !== null && !row.forfeitMatches) {
      add(
        'turnover_forfeit_mismatch',
        `${name}: its forfeit transaction is not a bonus_forfeit of the member`,
      );
    }
  }

  const badRows = await db
    .select({
      requirementId: wageringProgress.requirementId,
      roundId: wageringProgress.roundId,
    })
    .from(wageringProgress)
    .innerJoin(wageringRequirement, eq(wageringRequirement.id, wageringProgress.requirementId))
    .innerJoin(gameRound, eq(gameRound.id, wageringProgress.roundId))
    .leftJoin(ledgerTransaction, eq(ledgerTransaction.id, gameRound.betTransactionId))
    .where(
      sql`not (${gameRound.memberId} = ${wageringRequirement.memberId}
        and ${gameRound.status} = 'settled'
        and ${wageringProgress.amount} = ${gameRound.stake} * ${wageringProgress.percent} / 100
        and coalesce(${ledgerTransaction.memberId} = ${gameRound.memberId}
          and ${ledgerTransaction.kind} in ('bet', 'game_round'), false))`,
    );
  for (const row of badRows) {
    add(
      'turnover_round_mismatch',
      `turnover requirement ${row.requirementId}: round ${row.roundId} is not a settled, ledger-staked round of the member, or counted a wrong share`,
    );
  }

  const overLocked = await db
    .select({
      memberId: wageringRequirement.memberId,
      locked: sql<string>`sum(${wageringRequirement.lockedBonus} + ${wageringRequirement.lockedDeposit})::text`,
      available: sql<string>`coalesce(max(${ledgerAccount.balance}), 0)::text`,
    })
    .from(wageringRequirement)
    .leftJoin(
      ledgerAccount,
      and(
        eq(ledgerAccount.memberId, wageringRequirement.memberId),
        eq(ledgerAccount.kind, 'available'),
        eq(ledgerAccount.currency, wageringRequirement.currency),
        eq(ledgerAccount.demo, false),
      ),
    )
    .where(eq(wageringRequirement.status, 'active'))
    .groupBy(wageringRequirement.memberId)
    .having(
      sql`sum(${wageringRequirement.lockedBonus} + ${wageringRequirement.lockedDeposit}) > coalesce(max(${ledgerAccount.balance}), 0)`,
    );
  for (const row of overLocked) {
    add(
      'turnover_locked_over_balance',
      `member ${row.memberId}: ${row.locked} locked but ${row.available} available`,
    );
  }

  const strayForfeits = await db
    .select({ id: ledgerTransaction.id })
    .from(ledgerTransaction)
    .where(
      sql`${ledgerTransaction.kind} = 'bonus_forfeit' and (select count(*) from ${wageringRequirement}
        where ${wageringRequirement.forfeitTransactionId} = ${ledgerTransaction.id}
          and ${wageringRequirement.status} = 'forfeited') <> 1`,
    );
  for (const row of strayForfeits) {
    add(
      'turnover_stray_forfeit',
      `bonus_forfeit transaction ${row.id} is not the forfeit of exactly one requirement`,
    );
  }

  const running = requirements.filter((row) => row.status === 'active').length;
  return {
    summary: `turnover check: ${requirements.length} requirements (${running} running)`,
    problems,
  };
}
