import { and, count, eq, or, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import {
  gameRound,
  ledgerTransaction,
  providerFreeRounds,
  providerTransaction,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { LedgerProblem } from '../wallet/index.ts';
import { PROVIDER_KEY_PREFIXES } from './keys.ts';

/**
 * The providers' transactions against the ledger and the game records (run by `npm run ledger:check`;
 * docs/decisions/025-provider-wallet.md):
 * - every transaction that moved money is one ledger transaction of its kind (bet → `bet`, win → `win`,
 *   rollback → `reversal`, a credit → `<credit kind>_win`), member, amount, currency and key (from the
 *   provider and its transaction id);
 * - free rounds have won what their credits paid;
 * - a rollback that moved money reverses its own bet's (or win's) ledger transaction, and that one names it;
 * - a bet marked rolled back is named by a rollback of it that refunded its stake (a void bet by any);
 * - every ledger transaction under a provider's key belongs to a provider transaction;
 * - every provider round of the game records has, as stake and payout, the sums of its bets and wins
 *   (rolled-back ones left out).
 */
export async function checkProviderTransactions(
  db: DbOrTx,
): Promise<{ summary: string; problems: LedgerProblem[] }> {
  const problems: LedgerProblem[] = [];
  const add = (kind: string, message: string) => problems.push({ kind, message });
  const pt = providerTransaction;
  const name = (row: { providerCode: string; transactionId: string; kind: string }) =>
    `provider ${row.providerCode} ${row.kind} ${row.transactionId}`;

  const keyOf = sql`case ${pt.kind}
      when 'bet' then 'provider-bet:' || ${pt.providerCode} || ':' || ${pt.transactionId}
      when 'win' then 'provider-win:' || ${pt.providerCode} || ':' || ${pt.transactionId}
      when 'rollback' then 'provider-rollback:' || ${pt.providerCode} || ':' || ${pt.betTransactionId}
      when 'credit' then 'provider-credit:' || ${pt.providerCode} || ':' || ${pt.transactionId}
    end`;
  const ledgerKindOf = sql`case ${pt.kind} when 'bet' then 'bet' when 'win' then 'win' when 'rollback' then 'reversal'
      when 'credit' then ${pt.creditKind} || '_win' end`;
  const moved = await db
    .select({
      providerCode: pt.providerCode,
      transactionId: pt.transactionId,
      kind: pt.kind,
      ledgerId: ledgerTransaction.id,
      matches: sql<boolean>`coalesce(${ledgerTransaction.kind} = ${ledgerKindOf}
        and ${ledgerTransaction.idempotencyKey} = ${keyOf}
        and ${ledgerTransaction.merchantCode} = ${pt.merchantCode}
        and ${ledgerTransaction.memberId} = ${pt.memberId}
        and ${ledgerTransaction.amount} = ${pt.amount}
        and ${ledgerTransaction.currency} = ${pt.currency}, false)`,
    })
    .from(pt)
    .leftJoin(ledgerTransaction, eq(ledgerTransaction.id, pt.ledgerTransactionId))
    .where(sql`${pt.amount} > 0`);
  for (const row of moved) {
    if (row.ledgerId === null) add('provider_not_posted', `${name(row)} moved no ledger transaction`);
    else if (!row.matches) {
      add(
        'provider_ledger_mismatch',
        `${name(row)}: ledger transaction ${row.ledgerId} is not its movement (kind, key, member, amount or currency)`,
      );
    }
  }

  const bet = alias(providerTransaction, 'bet');
  const refund = alias(providerTransaction, 'refund');
  type ProviderColumns = { merchantCode: PgColumn; providerCode: PgColumn };
  const sameProvider = (left: ProviderColumns, right: ProviderColumns) =>
    and(eq(left.merchantCode, right.merchantCode), eq(left.providerCode, right.providerCode));

  const refunds = await db
    .select({
      providerCode: pt.providerCode,
      transactionId: pt.transactionId,
      kind: pt.kind,
      matches: sql<boolean>`coalesce(${bet.kind} in ('bet', 'win') and ${bet.rolledBackBy} = ${pt.transactionId}
        and ${bet.amount} = ${pt.amount}
        and ${ledgerTransaction.reversesTransactionId} = ${bet.ledgerTransactionId}, false)`,
    })
    .from(pt)
    .leftJoin(ledgerTransaction, eq(ledgerTransaction.id, pt.ledgerTransactionId))
    .leftJoin(bet, and(sameProvider(bet, pt), eq(bet.transactionId, pt.betTransactionId)))
    .where(and(eq(pt.kind, 'rollback'), sql`${pt.amount} > 0`));
  for (const row of refunds) {
    if (!row.matches)
      add('provider_refund_mismatch', `${name(row)} does not refund its own bet's stake once`);
  }

  const rolledBack = await db
    .select({
      providerCode: bet.providerCode,
      transactionId: bet.transactionId,
      kind: bet.kind,
      matches: sql<boolean>`coalesce(${refund.kind} = 'rollback'
        and ${refund.betTransactionId} = ${bet.transactionId}
        and (${bet.kind} = 'void_bet' or ${refund.amount} = ${bet.amount}), false)`,
    })
    .from(bet)
    .leftJoin(refund, and(sameProvider(refund, bet), eq(refund.transactionId, bet.rolledBackBy)))
    .where(sql`${bet.rolledBackBy} is not null`);
  for (const row of rolledBack) {
    if (!row.matches)
      add('provider_rollback_missing', `${name(row)} is rolled back by no rollback that refunded it`);
  }

  const stray = await db
    .select({ id: ledgerTransaction.id, key: ledgerTransaction.idempotencyKey })
    .from(ledgerTransaction)
    .leftJoin(pt, eq(pt.ledgerTransactionId, ledgerTransaction.id))
    .where(
      and(
        or(
          ...PROVIDER_KEY_PREFIXES.map(
            (prefix) => sql`starts_with(${ledgerTransaction.idempotencyKey}, ${prefix})`,
          ),
        ),
        sql`${pt.id} is null`,
      ),
    );
  for (const row of stray) {
    add(
      'provider_stray_ledger',
      `ledger transaction ${row.id} (${row.key}) belongs to no provider transaction`,
    );
  }

  const sums = db
    .select({
      merchantCode: pt.merchantCode,
      providerCode: pt.providerCode,
      memberId: pt.memberId,
      roundId: sql<string>`${pt.roundId}`.as('sum_round_id'),
      stake:
        sql<string>`coalesce(sum(${pt.amount}) filter (where ${pt.kind} = 'bet' and ${pt.rolledBackBy} is null), 0)`.as(
          'sum_stake',
        ),
      payout:
        sql<string>`coalesce(sum(${pt.amount}) filter (where ${pt.kind} = 'win' and ${pt.rolledBackBy} is null), 0)`.as(
          'sum_payout',
        ),
    })
    .from(pt)
    .where(sql`${pt.kind} in ('bet', 'win')`)
    .groupBy(pt.merchantCode, pt.providerCode, pt.memberId, pt.roundId)
    .as('sums');
  const rounds = await db
    .select({
      providerCode: sums.providerCode,
      memberId: sums.memberId,
      roundId: sums.roundId,
      recorded: gameRound.id,
      stake: sql<string>`${sums.stake}::text`,
      payout: sql<string>`${sums.payout}::text`,
      matches: sql<boolean>`coalesce(${gameRound.stake} = ${sums.stake} and ${gameRound.payout} = ${sums.payout}, false)`,
    })
    .from(sums)
    .leftJoin(
      gameRound,
      and(
        eq(gameRound.merchantCode, sums.merchantCode),
        eq(gameRound.vendorCode, sums.providerCode),
        eq(gameRound.roundKey, sums.roundId),
        eq(gameRound.memberId, sums.memberId),
      ),
    );
  for (const row of rounds) {
    if (row.recorded === null) {
      add(
        'provider_round_missing',
        `provider ${row.providerCode} round ${row.roundId} of member ${row.memberId} has no game record`,
      );
    } else if (!row.matches) {
      add(
        'provider_round_mismatch',
        `provider ${row.providerCode} round ${row.roundId} of member ${row.memberId}: its game record is not stake ${row.stake}, payout ${row.payout}`,
      );
    }
  }

  const credited = db
    .select({
      freeRoundsId: sql<string>`${pt.freeRoundsId}`.as('credited_free_rounds_id'),
      amount: sql<string>`sum(${pt.amount})`.as('credited_amount'),
    })
    .from(pt)
    .where(sql`${pt.freeRoundsId} is not null`)
    .groupBy(pt.freeRoundsId)
    .as('credited');
  const freeRounds = await db
    .select({
      id: providerFreeRounds.id,
      won: sql<string>`${providerFreeRounds.won}::text`,
      credited: sql<string>`coalesce(${credited.amount}, 0)::text`,
    })
    .from(providerFreeRounds)
    .leftJoin(credited, eq(credited.freeRoundsId, providerFreeRounds.id));
  for (const row of freeRounds) {
    if (row.won !== row.credited) {
      add(
        'provider_free_rounds_mismatch',
        `free rounds ${row.id}: won ${row.won} but their credits add up to ${row.credited}`,
      );
    }
  }

  const kinds = await db.select({ kind: pt.kind, n: count() }).from(pt).groupBy(pt.kind).orderBy(pt.kind);
  const counts = kinds.map((row) => `${row.n} ${row.kind}`).join(', ') || 'none';
  return {
    summary: `provider transactions: ${counts}; provider rounds: ${rounds.length}`,
    problems,
  };
}
