import type { LedgerKind } from '@kl/contracts/wallet';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  ledgerAccount,
  ledgerEntry,
  ledgerTransaction,
  member,
  type HouseAccountKind,
  type LedgerAccountKind,
  type LedgerTransactionRow,
  MEMBER_ACCOUNT_KINDS,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

/**
 * A member's paid deposits, as a subquery over a member of the outer query: the sum of their real-money
 * ledger `deposit` transactions. The VIP levels are reached by them, and the back office's inbox sends to
 * a level pick members by them: one definition for both.
 */
export function paidDepositsOf(memberId: SQLWrapper, merchantCode: SQLWrapper): SQL {
  return sql`(select coalesce(sum(t.amount), 0) from ${ledgerTransaction} t
    where t.member_id = ${memberId} and t.merchant_code = ${merchantCode}
      and t.kind = 'deposit' and t.demo = false)`;
}

/**
 * A member's available balance in the currency (as text; null without an account), as a subquery over a
 * member of the outer query; `demo` picks play money (a trial member's) or real money.
 */
export function availableBalanceOf(
  memberId: SQLWrapper,
  currency: string,
  demo: SQLWrapper,
): SQL<string | null> {
  return sql<string | null>`(select a.balance::text from ${ledgerAccount} a
    where a.member_id = ${memberId} and a.kind = 'available' and a.currency = ${currency}
    and a.demo = ${demo})`;
}

/** The key of an account: whose it is (a member or the house), what for, in which money. */
export interface AccountKey {
  merchantCode: string;
  memberId: string | null;
  kind: LedgerAccountKind;
  currency: string;
  demo: boolean;
}

export interface NewLedgerTransaction {
  merchantCode: string;
  idempotencyKey: string;
  kind: LedgerKind;
  memberId: string;
  amount: bigint;
  /** A game round's payout; null for every other kind. */
  payout: bigint | null;
  currency: string;
  demo: boolean;
  reference: string | null;
  memo: Record<string, unknown> | null;
  reversesTransactionId: number | null;
  createdAt: Date;
}

export interface EntryOfTransaction {
  accountId: number;
  memberId: string | null;
  accountKind: LedgerAccountKind;
  amount: bigint;
  balanceAfter: bigint;
}

export interface HistoryFilter {
  merchantCode: string;
  memberId: string;
  kinds?: readonly LedgerKind[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface HistoryRow {
  id: number;
  kind: LedgerKind;
  amount: bigint;
  currency: string;
  reference: string | null;
  reversesTransactionId: number | null;
  createdAt: Date;
  availableChange: bigint;
  heldChange: bigint;
  balanceAfter: bigint | null;
}

/** A bigint of an aggregate, sent as text so every driver answers the same. */
const bigintOf = (value: string | null | undefined): bigint => BigInt(value ?? '0');

function historyWhere(filter: HistoryFilter): SQL {
  const conditions: SQL[] = [
    eq(ledgerTransaction.merchantCode, filter.merchantCode),
    eq(ledgerTransaction.memberId, filter.memberId),
  ];
  if (filter.kinds && filter.kinds.length > 0)
    conditions.push(inArray(ledgerTransaction.kind, [...filter.kinds]));
  if (filter.from) conditions.push(gte(ledgerTransaction.createdAt, filter.from));
  if (filter.to) conditions.push(lt(ledgerTransaction.createdAt, filter.to));
  return and(...conditions) as SQL;
}

/** SQL of the ledger. Every statement runs on the caller's transaction when one is given. */
export function createLedgerRepository(db: Db) {
  return {
    /** The member's merchant and type, if the member exists. */
    async findMember(memberId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: member.id, merchantCode: member.merchantCode, type: member.type })
        .from(member)
        .where(eq(member.id, memberId));
      return row;
    },

    /**
     * Claims the idempotency key by inserting the transaction. Undefined when the key is already taken
     * (PostgreSQL waits here for a concurrent holder of the same key to commit or roll back).
     */
    async insertTransaction(row: NewLedgerTransaction, tx: DbOrTx = db) {
      const [created] = await tx
        .insert(ledgerTransaction)
        .values(row)
        .onConflictDoNothing({ target: [ledgerTransaction.merchantCode, ledgerTransaction.idempotencyKey] })
        .returning();
      return created;
    },

    async findTransactionByKey(merchantCode: string, idempotencyKey: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(ledgerTransaction)
        .where(
          and(
            eq(ledgerTransaction.merchantCode, merchantCode),
            eq(ledgerTransaction.idempotencyKey, idempotencyKey),
          ),
        );
      return row;
    },

    async findTransaction(id: number, tx: DbOrTx = db): Promise<LedgerTransactionRow | undefined> {
      const [row] = await tx.select().from(ledgerTransaction).where(eq(ledgerTransaction.id, id));
      return row;
    },

    async findReversalOf(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(ledgerTransaction)
        .where(eq(ledgerTransaction.reversesTransactionId, id));
      return row;
    },

    /**
     * Creates the accounts that are missing, in one statement and a fixed order (house accounts first,
     * then by kind), so that concurrent first uses never wait on each other in a cycle.
     */
    async ensureAccounts(keys: readonly AccountKey[], now: Date, tx: DbOrTx = db): Promise<void> {
      const ordered = [...keys].sort(
        (a, b) =>
          Number(a.memberId !== null) - Number(b.memberId !== null) ||
          (a.memberId ?? '').localeCompare(b.memberId ?? '') ||
          a.kind.localeCompare(b.kind),
      );
      await tx
        .insert(ledgerAccount)
        .values(
          ordered.map((key) => ({
            ...key,
            allowNegative: key.memberId === null,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing({
          target: [
            ledgerAccount.merchantCode,
            ledgerAccount.memberId,
            ledgerAccount.kind,
            ledgerAccount.currency,
            ledgerAccount.demo,
          ],
        });
    },

    /** Ids of the member's accounts and of the house accounts of these kinds. */
    async accountIds(
      where: {
        merchantCode: string;
        memberId: string;
        currency: string;
        demo: boolean;
        houseKinds: readonly HouseAccountKind[];
      },
      tx: DbOrTx = db,
    ) {
      const rows = await tx
        .select({ id: ledgerAccount.id, memberId: ledgerAccount.memberId, kind: ledgerAccount.kind })
        .from(ledgerAccount)
        .where(
          and(
            eq(ledgerAccount.merchantCode, where.merchantCode),
            eq(ledgerAccount.currency, where.currency),
            eq(ledgerAccount.demo, where.demo),
            or(
              eq(ledgerAccount.memberId, where.memberId),
              where.houseKinds.length > 0
                ? and(isNull(ledgerAccount.memberId), inArray(ledgerAccount.kind, [...where.houseKinds]))
                : sql`false`,
            ),
          ),
        );
      return rows;
    },

    /**
     * Adds `delta` to the balance unless that would take an account that may not go negative below
     * zero: one atomic conditional UPDATE (PostgreSQL re-checks the condition on the row it waited for).
     * Answers the new balance, or undefined when refused.
     */
    async applyDelta(accountId: number, delta: bigint, now: Date, tx: DbOrTx = db) {
      const change = sql`${delta.toString()}::bigint`;
      const [row] = await tx
        .update(ledgerAccount)
        .set({ balance: sql`${ledgerAccount.balance} + ${change}`, updatedAt: now })
        .where(
          and(
            eq(ledgerAccount.id, accountId),
            or(eq(ledgerAccount.allowNegative, true), sql`${ledgerAccount.balance} + ${change} >= 0`),
          ),
        )
        .returning({ balance: ledgerAccount.balance });
      return row?.balance;
    },

    async insertEntries(
      rows: {
        transactionId: number;
        accountId: number;
        amount: bigint;
        balanceAfter: bigint;
        createdAt: Date;
      }[],
      tx: DbOrTx = db,
    ): Promise<void> {
      await tx.insert(ledgerEntry).values(rows);
    },

    /** The entries of a transaction with their accounts, in the order they were written. */
    async entriesOf(transactionId: number, tx: DbOrTx = db): Promise<EntryOfTransaction[]> {
      return tx
        .select({
          accountId: ledgerEntry.accountId,
          memberId: ledgerAccount.memberId,
          accountKind: ledgerAccount.kind,
          amount: ledgerEntry.amount,
          balanceAfter: ledgerEntry.balanceAfter,
        })
        .from(ledgerEntry)
        .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
        .where(eq(ledgerEntry.transactionId, transactionId))
        .orderBy(asc(ledgerEntry.id));
    },

    /** The member's accounts (available and held) in every currency. */
    async memberAccounts(merchantCode: string, memberId: string, tx: DbOrTx = db) {
      return tx
        .select({
          kind: ledgerAccount.kind,
          currency: ledgerAccount.currency,
          demo: ledgerAccount.demo,
          balance: ledgerAccount.balance,
        })
        .from(ledgerAccount)
        .where(
          and(
            eq(ledgerAccount.merchantCode, merchantCode),
            eq(ledgerAccount.memberId, memberId),
            inArray(ledgerAccount.kind, [...MEMBER_ACCOUNT_KINDS]),
          ),
        );
    },

    /** One page of the member's transactions, newest first, with what they did to the member's balances. */
    async history(
      filter: HistoryFilter,
      page: { limit: number; offset: number },
      tx: DbOrTx = db,
    ): Promise<HistoryRow[]> {
      const available = sql`${ledgerAccount.kind} = 'available'`;
      const held = sql`${ledgerAccount.kind} = 'held'`;
      const rows = await tx
        .select({
          id: ledgerTransaction.id,
          kind: ledgerTransaction.kind,
          amount: ledgerTransaction.amount,
          currency: ledgerTransaction.currency,
          reference: ledgerTransaction.reference,
          reversesTransactionId: ledgerTransaction.reversesTransactionId,
          createdAt: ledgerTransaction.createdAt,
          availableChange: sql<string>`coalesce(sum(${ledgerEntry.amount}) filter (where ${available}), 0)::text`,
          heldChange: sql<string>`coalesce(sum(${ledgerEntry.amount}) filter (where ${held}), 0)::text`,
          balanceAfter: sql<
            string | null
          >`(max(${ledgerEntry.balanceAfter}) filter (where ${available}))::text`,
        })
        .from(ledgerTransaction)
        .innerJoin(ledgerEntry, eq(ledgerEntry.transactionId, ledgerTransaction.id))
        .innerJoin(
          ledgerAccount,
          and(
            eq(ledgerAccount.id, ledgerEntry.accountId),
            eq(ledgerAccount.memberId, ledgerTransaction.memberId),
          ),
        )
        .where(historyWhere(filter))
        .groupBy(ledgerTransaction.id)
        .orderBy(desc(ledgerTransaction.createdAt), desc(ledgerTransaction.id))
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((row) => ({
        ...row,
        availableChange: bigintOf(row.availableChange),
        heldChange: bigintOf(row.heldChange),
        balanceAfter: row.balanceAfter === null ? null : BigInt(row.balanceAfter),
      }));
    },

    async historyCount(filter: HistoryFilter, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.select({ total: count() }).from(ledgerTransaction).where(historyWhere(filter));
      return row?.total ?? 0;
    },

    /** The newest lines of a member's available account (a game round has two: stake, then payout). */
    async availableLines(memberId: string, currency: string, demo: boolean, limit: number) {
      return db
        .select({
          transactionId: ledgerEntry.transactionId,
          kind: ledgerTransaction.kind,
          amount: ledgerEntry.amount,
          balanceAfter: ledgerEntry.balanceAfter,
          reference: ledgerTransaction.reference,
          createdAt: ledgerEntry.createdAt,
        })
        .from(ledgerEntry)
        .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
        .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
        .where(
          and(
            eq(ledgerAccount.memberId, memberId),
            eq(ledgerAccount.kind, 'available'),
            eq(ledgerAccount.currency, currency),
            eq(ledgerAccount.demo, demo),
          ),
        )
        .orderBy(desc(ledgerEntry.id))
        .limit(limit);
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
