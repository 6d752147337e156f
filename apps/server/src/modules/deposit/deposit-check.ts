import { and, count, eq, sql } from 'drizzle-orm';
import { depositOrder, ledgerTransaction } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { LedgerProblem } from '../wallet/index.ts';

/**
 * Deposits against the ledger (run by `npm run ledger:check`): every paid order is credited by exactly one
 * deposit transaction of its member, amount and currency, and no deposit transaction of an order
 * (reference `deposit:<orderId>`) credits an order that is not paid, or credits one twice.
 */
export async function checkDeposits(db: DbOrTx): Promise<{ summary: string; problems: LedgerProblem[] }> {
  const problems: LedgerProblem[] = [];

  const statuses = await db
    .select({ status: depositOrder.status, n: count() })
    .from(depositOrder)
    .groupBy(depositOrder.status)
    .orderBy(depositOrder.status);

  // Paid orders whose credit is missing or is not theirs.
  const paid = await db
    .select({
      orderId: depositOrder.id,
      transactionId: ledgerTransaction.id,
      kind: ledgerTransaction.kind,
      sameMember: sql<boolean>`${ledgerTransaction.memberId} = ${depositOrder.memberId}`,
      sameAmount: sql<boolean>`${ledgerTransaction.amount} = ${depositOrder.amount} and ${ledgerTransaction.currency} = ${depositOrder.currency}`,
      reference: ledgerTransaction.reference,
    })
    .from(depositOrder)
    .leftJoin(ledgerTransaction, eq(ledgerTransaction.id, depositOrder.ledgerTransactionId))
    .where(eq(depositOrder.status, 'paid'));
  for (const row of paid) {
    if (row.transactionId === null) {
      problems.push({
        kind: 'deposit_not_credited',
        message: `deposit order ${row.orderId} is paid but credited by no transaction`,
      });
    } else if (
      row.kind !== 'deposit' ||
      !row.sameMember ||
      !row.sameAmount ||
      row.reference !== `deposit:${row.orderId}`
    ) {
      problems.push({
        kind: 'deposit_credit_mismatch',
        message: `deposit order ${row.orderId}: transaction ${row.transactionId} is not its credit (kind, member, amount or reference differ)`,
      });
    }
  }

  // Deposit transactions: one per order reference, and only for paid orders that name them.
  const credits = await db
    .select({
      reference: ledgerTransaction.reference,
      n: count(),
      credited: sql<string>`string_agg(${ledgerTransaction.id}::text, ',' order by ${ledgerTransaction.id})`,
      orderStatus: sql<string | null>`max(${depositOrder.status})`,
      named: sql<number>`count(${depositOrder.id})::int`,
    })
    .from(ledgerTransaction)
    .leftJoin(
      depositOrder,
      and(
        sql`${ledgerTransaction.reference} = 'deposit:' || ${depositOrder.id}::text`,
        eq(depositOrder.ledgerTransactionId, ledgerTransaction.id),
      ),
    )
    .where(and(eq(ledgerTransaction.kind, 'deposit'), sql`${ledgerTransaction.reference} like 'deposit:%'`))
    .groupBy(ledgerTransaction.reference);
  for (const row of credits) {
    if (row.n > 1) {
      problems.push({
        kind: 'deposit_credited_twice',
        message: `${row.reference ?? 'a deposit without reference'} is credited by ${row.n} transactions (${row.credited})`,
      });
    } else if (row.named === 0 || row.orderStatus !== 'paid') {
      problems.push({
        kind: 'deposit_credit_without_order',
        message: `transaction ${row.credited} (${row.reference ?? 'no reference'}) credits no paid deposit order`,
      });
    }
  }

  const counts = statuses.map((row) => `${row.n} ${row.status}`).join(', ') || 'none';
  return { summary: `deposit orders: ${counts}; deposit credits: ${credits.length}`, problems };
}
