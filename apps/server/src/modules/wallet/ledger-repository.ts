import type { LedgerKind } from '@kl/contracts/wallet';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import {
  ledgerAccount,
  ledgerEntry,
  ledgerTransaction,
  member,
  type LedgerAccountKind,
  type LedgerTransactionRow,
  MEMBER_ACCOUNT_KINDS,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { arrayLiteral, rowsOf } from '../../platform/db-errors.ts';
import { TRIAL_MEMBER_TYPE } from '@kl/contracts/accounts';

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
 * How many real members (every type but trial) have paid deposits reaching each of `amounts`, in their
 * order: the back office's VIP levels count their members by it (`paidDepositsOf`, the levels' own rule).
 */
export async function countMembersReaching(
  tx: DbOrTx,
  merchantCode: string,
  amounts: readonly bigint[],
): Promise<number[]> {
  if (amounts.length === 0) return [];
  const counts = amounts.map(
    (amount, index) =>
      sql`count(*) filter (where paid.total >= ${amount.toString()}::numeric)::int as ${sql.identifier(`reaching_${index}`)}`,
  );
  const result = await tx.execute(sql`
    select ${sql.join(counts, sql`, `)}
    from (
      select ${paidDepositsOf(member.id, member.merchantCode)} as total
      from ${member}
      where ${member.merchantCode} = ${merchantCode} and ${member.type} <> ${TRIAL_MEMBER_TYPE}
    ) paid`);
  const [row] = rowsOf<Record<string, number>>(result);
  return amounts.map((_amount, index) => Number(row?.[`reaching_${index}`] ?? 0));
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

export interface EntryOfTransaction {
  accountId: number;
  memberId: string | null;
  accountKind: LedgerAccountKind;
  amount: bigint;
  /** Null for a house account's entry until its transaction commits (decision 038). */
  balanceAfter: bigint | null;
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
  memo: Record<string, unknown> | null;
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

/**
 * A reference to an account in the ledger's database functions: the member's (`member:available`), the
 * merchant's (`house:bets`) or an account's id (a reversal's).
 */
export type AccountRef = `member:${string}` | `house:${string}` | `${number}`;

/** What `ledger_post` is asked: the transaction's row and its entries as (account, signed amount). */
export interface PostCall {
  merchantCode: string;
  memberId: string;
  idempotencyKey: string;
  kind: LedgerKind;
  amount: bigint;
  payout: bigint | null;
  currency: string;
  /** Who may have it: real members only, trial (demo) members only, or both. */
  members: 'real' | 'demo' | 'any';
  reference: string | null;
  memo: Record<string, unknown> | null;
  reversesTransactionId: number | null;
  createdAt: Date;
  entries: readonly { account: AccountRef; amount: bigint }[];
}

export interface PostOutcome {
  transactionId: number;
  /** The key was taken: the transaction is the first one (the caller compares what it asked). */
  replayed: boolean;
  demo: boolean;
  availableAfter: bigint | null;
  heldAfter: bigint | null;
}

/** The most entries of one house account a roll-up changes at once (one statement, one transaction). */
export const HOUSE_ROLL_UP_LIMIT = 5_000;

const bigintOrNull = (value: string | null): bigint | null => (value === null ? null : BigInt(value));

/** SQL of the ledger. Every statement runs on the caller's transaction when one is given. */
export function createLedgerRepository(db: Db) {
  return {
    /**
     * Posts one transaction in one call (`ledger_post`, docs/decisions/038-money-functions.md): claims the key,
     * creates missing accounts, changes the balances in account order (a member's never below zero) and
     * writes the entries. Refusals are raised (`functionRefusal`); a taken key answers `replayed`.
     */
    async post(call: PostCall, tx: DbOrTx = db): Promise<PostOutcome> {
      const [row] = rowsOf<{
        transactionId: string;
        replayed: boolean;
        demo: boolean;
        availableAfter: string | null;
        heldAfter: string | null;
      }>(
        await tx.execute(sql`select transaction_id::text as "transactionId", replayed, demo,
            available_after::text as "availableAfter", held_after::text as "heldAfter"
          from ledger_post(${call.merchantCode}, ${call.memberId}::uuid, ${call.idempotencyKey}, ${call.kind},
            ${call.amount.toString()}::bigint, ${call.payout?.toString() ?? null}::bigint, ${call.currency},
            ${call.members}, ${call.reference}::text, ${call.memo === null ? null : JSON.stringify(call.memo)}::jsonb,
            ${call.reversesTransactionId}::bigint, ${call.createdAt.toISOString()}::timestamptz,
            ${TRIAL_MEMBER_TYPE}::integer, ${arrayLiteral(call.entries.map((entry) => entry.account))}::text[],
            ${arrayLiteral(call.entries.map((entry) => entry.amount))}::bigint[])`),
      );
      if (!row) throw new Error(`ledger_post answered nothing for ${call.idempotencyKey}`);
      return {
        transactionId: Number(row.transactionId),
        replayed: row.replayed,
        demo: row.demo,
        availableAfter: bigintOrNull(row.availableAfter),
        heldAfter: bigintOrNull(row.heldAfter),
      };
    },

    /**
     * Holds the accounts until the caller's transaction ends, creating missing ones, in account order as
     * every post takes them (`ledger_hold`).
     */
    async hold(
      where: { merchantCode: string; memberId: string; currency: string; accounts: readonly AccountRef[] },
      now: Date,
      tx: DbOrTx,
    ): Promise<void> {
      await tx.execute(sql`select ledger_hold(${where.merchantCode}, ${where.memberId}::uuid, ${where.currency},
        ${arrayLiteral(where.accounts)}::text[], ${now.toISOString()}::timestamptz, ${TRIAL_MEMBER_TYPE}::integer)`);
    },

    /**
     * Rolls up the house accounts' committed entries (`ledger_house_roll_up`, docs/decisions/038-money-functions.md):
     * each gets its account's balance after, in entry order, and the account the sum; at most `limit` per
     * account. An account another roll-up holds is skipped. Answers how many entries it rolled up.
     */
    async rollUpHouse(limit = HOUSE_ROLL_UP_LIMIT, tx: DbOrTx = db): Promise<number> {
      const [row] = rowsOf<{ rolled: number }>(
        await tx.execute(sql`select ledger_house_roll_up(${limit}::integer) as rolled`),
      );
      return row?.rolled ?? 0;
    },

    /** The member's merchant and type, if the member exists. */
    async findMember(memberId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: member.id, merchantCode: member.merchantCode, type: member.type })
        .from(member)
        .where(eq(member.id, memberId));
      return row;
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
          memo: ledgerTransaction.memo,
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
