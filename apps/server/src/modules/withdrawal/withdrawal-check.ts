import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ledgerAccount, ledgerTransaction, withdrawalRequest } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { LedgerProblem } from '../wallet/index.ts';

/**
 * Withdrawals against the ledger (run by `npm run ledger:check`):
 * - every request is held by one `withdrawal_hold` transaction of its member, amount, currency and
 *   reference (`withdrawal:<id>`);
 * - a pending request has no settlement; a paid one is settled by a `withdrawal_paid`, a rejected one by a
 *   `withdrawal_release`, each matching the request the same way;
 * - no withdrawal transaction of a reference belongs to no request, and none is there twice;
 * - each member's held money equals the sum of their pending requests.
 */

const WITHDRAWAL_KINDS = ['withdrawal_hold', 'withdrawal_release', 'withdrawal_paid'] as const;
const SETTLEMENT_KIND = { paid: 'withdrawal_paid', rejected: 'withdrawal_release' } as const;

export async function checkWithdrawals(db: DbOrTx): Promise<{ summary: string; problems: LedgerProblem[] }> {
  const problems: LedgerProblem[] = [];
  const hold = alias(ledgerTransaction, 'hold');
  const settle = alias(ledgerTransaction, 'settle');

  const matches = (transaction: typeof hold | typeof settle) =>
    sql<boolean>`coalesce(${transaction.memberId} = ${withdrawalRequest.memberId}
      and ${transaction.amount} = ${withdrawalRequest.amount}
      and ${transaction.currency} = ${withdrawalRequest.currency}
      and ${transaction.reference} = 'withdrawal:' || ${withdrawalRequest.id}::text, false)`;

  const requests = await db
    .select({
      id: withdrawalRequest.id,
      status: withdrawalRequest.status,
      holdKind: hold.kind,
      holdMatches: matches(hold),
      settleId: settle.id,
      settleKind: settle.kind,
      settleMatches: matches(settle),
    })
    .from(withdrawalRequest)
    .innerJoin(hold, eq(hold.id, withdrawalRequest.holdTransactionId))
    .leftJoin(settle, eq(settle.id, withdrawalRequest.settleTransactionId))
    .orderBy(withdrawalRequest.createdAt);
  for (const row of requests) {
    if (row.holdKind !== 'withdrawal_hold' || !row.holdMatches) {
      problems.push({
        kind: 'withdrawal_hold_mismatch',
        message: `withdrawal ${row.id}: its hold transaction is not a hold of its member, amount or reference`,
      });
    }
    if (row.status === 'pending') {
      if (row.settleId !== null) {
        problems.push({
          kind: 'withdrawal_settled_while_pending',
          message: `withdrawal ${row.id} is pending but names settlement ${row.settleId}`,
        });
      }
      continue;
    }
    const expected = SETTLEMENT_KIND[row.status];
    if (row.settleId === null) {
      problems.push({
        kind: 'withdrawal_not_settled',
        message: `withdrawal ${row.id} is ${row.status} but settled by no transaction`,
      });
    } else if (row.settleKind !== expected || !row.settleMatches) {
      problems.push({
        kind: 'withdrawal_settlement_mismatch',
        message: `withdrawal ${row.id} (${row.status}): transaction ${row.settleId} is not its ${expected}`,
      });
    }
  }

  // Withdrawal transactions by reference: each is a request's hold or settlement, at most one of each.
  const byReference = await db
    .select({
      reference: ledgerTransaction.reference,
      holds: sql<number>`count(*) filter (where ${ledgerTransaction.kind} = 'withdrawal_hold')::int`,
      settlements: sql<number>`count(*) filter (where ${ledgerTransaction.kind} <> 'withdrawal_hold')::int`,
      unnamed: sql<
        string | null
      >`string_agg(${ledgerTransaction.id}::text, ',' order by ${ledgerTransaction.id})
        filter (where ${withdrawalRequest.id} is null)`,
    })
    .from(ledgerTransaction)
    .leftJoin(
      withdrawalRequest,
      or(
        eq(withdrawalRequest.holdTransactionId, ledgerTransaction.id),
        eq(withdrawalRequest.settleTransactionId, ledgerTransaction.id),
      ),
    )
    .where(inArray(ledgerTransaction.kind, [...WITHDRAWAL_KINDS]))
    .groupBy(ledgerTransaction.reference);
  for (const row of byReference) {
    const reference = row.reference ?? 'a withdrawal transaction without reference';
    if (row.holds > 1 || row.settlements > 1) {
      problems.push({
        kind: 'withdrawal_moved_twice',
        message: `${reference}: ${row.holds} holds and ${row.settlements} settlements`,
      });
    }
    if (row.unnamed !== null) {
      problems.push({
        kind: 'withdrawal_transaction_without_request',
        message: `transaction ${row.unnamed} (${reference}) belongs to no withdrawal request`,
      });
    }
  }

  // Held money per member and currency against the pending requests.
  const pending = db
    .select({
      memberId: withdrawalRequest.memberId,
      currency: withdrawalRequest.currency,
      total: sql<string>`sum(${withdrawalRequest.amount})`.as('total'),
    })
    .from(withdrawalRequest)
    .where(eq(withdrawalRequest.status, 'pending'))
    .groupBy(withdrawalRequest.memberId, withdrawalRequest.currency)
    .as('pending');
  const held = await db
    .select({
      accountId: ledgerAccount.id,
      memberId: ledgerAccount.memberId,
      balance: sql<string>`${ledgerAccount.balance}::text`,
      pending: sql<string>`coalesce(${pending.total}, 0)::text`,
    })
    .from(ledgerAccount)
    .leftJoin(
      pending,
      and(eq(pending.memberId, ledgerAccount.memberId), eq(pending.currency, ledgerAccount.currency)),
    )
    .where(
      and(
        eq(ledgerAccount.kind, 'held'),
        eq(ledgerAccount.demo, false),
        sql`${ledgerAccount.balance} <> coalesce(${pending.total}, 0)`,
      ),
    );
  for (const row of held) {
    problems.push({
      kind: 'held_mismatch',
      message: `member ${row.memberId ?? '?'}: held balance ${row.balance} (account ${row.accountId}) but pending withdrawals total ${row.pending}`,
    });
  }

  const statuses = await db
    .select({ status: withdrawalRequest.status, n: count() })
    .from(withdrawalRequest)
    .groupBy(withdrawalRequest.status)
    .orderBy(withdrawalRequest.status);
  const counts = statuses.map((row) => `${row.n} ${row.status}`).join(', ') || 'none';
  return { summary: `withdrawal requests: ${counts}`, problems };
}
