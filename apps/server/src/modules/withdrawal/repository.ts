import type { WithdrawalStatus } from '@kl/contracts/withdrawal';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNull,
  lt,
  ne,
  type SQL,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  bankAccountConflict,
  bankAccountOwner,
  member,
  memberBankAccount,
  type MemberBankAccountRow,
  paymentPasswordGuard,
  withdrawalRequest,
  type WithdrawalRequestRow,
  withdrawalSetting,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { keysetAfter } from '../../platform/keyset.ts';
import { prefixPattern } from '../../platform/like-pattern.ts';

/** Whether the member of the outer query bound this bank account number (also one removed since). */
export function boundBankAccount(memberId: SQLWrapper, accountNumber: string): SQL {
  return sql`exists (select 1 from ${memberBankAccount} b
    where b.member_id = ${memberId} and b.account_number = ${accountNumber})`;
}

/** What narrows the merchant's withdrawal requests in the back office. */
export interface WithdrawalSearch {
  status: WithdrawalStatus;
  /** A username prefix, in any case. */
  username?: string | undefined;
  /** The request time: `from` inclusive, `to` exclusive. */
  from?: Date | undefined;
  to?: Date | undefined;
}

function searchConditions(merchantCode: string, filter: WithdrawalSearch): SQL[] {
  const conditions: SQL[] = [
    eq(withdrawalRequest.merchantCode, merchantCode),
    eq(withdrawalRequest.status, filter.status),
  ];
  if (filter.username) conditions.push(ilike(member.username, prefixPattern(filter.username)));
  if (filter.from) conditions.push(gte(withdrawalRequest.createdAt, filter.from));
  if (filter.to) conditions.push(lt(withdrawalRequest.createdAt, filter.to));
  return conditions;
}

/** SQL of withdrawals. Statements run on the caller's transaction when one is given. */
export function createWithdrawalRepository(db: Db) {
  return {
    async settings(merchantCode: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(withdrawalSetting)
        .where(eq(withdrawalSetting.merchantCode, merchantCode));
      return row;
    },

    async memberSecrets(memberId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          paymentPasswordHash: member.paymentPasswordHash,
          payeeName: member.payeeName,
          username: member.username,
        })
        .from(member)
        .where(eq(member.id, memberId));
      return row;
    },

    /** Locks the member's row: one withdrawal request of a member at a time (daily count). */
    async lockMember(memberId: string, tx: DbOrTx): Promise<void> {
      await tx.select({ id: member.id }).from(member).where(eq(member.id, memberId)).for('update');
    },

    /** Sets the hash; with `onlyIfUnset`, only when none is set (answers whether it was written). */
    async setPaymentPasswordHash(
      memberId: string,
      hash: string,
      now: Date,
      onlyIfUnset: boolean,
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const conditions: SQL[] = [eq(member.id, memberId)];
      if (onlyIfUnset) conditions.push(isNull(member.paymentPasswordHash));
      const rows = await tx
        .update(member)
        .set({ paymentPasswordHash: hash, updatedAt: now })
        .where(and(...conditions))
        .returning({ id: member.id });
      return rows.length > 0;
    },

    async guard(memberId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(paymentPasswordGuard)
        .where(eq(paymentPasswordGuard.memberId, memberId));
      return row;
    },

    /**
     * Counts one try before the password is looked at, in one statement (so parallel tries are counted one
     * by one and answered the counts 1, 2, …): a try while locked adds to the count and keeps the lock; a lock
     * that ran out starts a fresh count at 1; the try that brings the count to `max` sets the lock until
     * `lockUntil`. The try may be checked when the answered count is at most `max`.
     */
    async countTry(memberId: string, now: Date, max: number, lockUntil: Date, tx: DbOrTx = db) {
      const guard = paymentPasswordGuard;
      const locked = sql`(${guard.lockedUntil} is not null and ${guard.lockedUntil} > ${now.toISOString()}::timestamptz)`;
      const next = sql`case when ${guard.lockedUntil} is not null and not ${locked} then 1 else ${guard.failedAttempts} + 1 end`;
      const [row] = await tx
        .insert(guard)
        .values({ memberId, failedAttempts: 1, updatedAt: now, lockedUntil: max <= 1 ? lockUntil : null })
        .onConflictDoUpdate({
          target: guard.memberId,
          set: {
            failedAttempts: next,
            lockedUntil: sql`case when ${locked} then ${guard.lockedUntil} when ${next} >= ${max} then ${lockUntil.toISOString()}::timestamptz else null end`,
            updatedAt: now,
          },
        })
        .returning();
      if (!row) throw new Error('payment password guard not written');
      return row;
    },

    async resetFailures(memberId: string, tx: DbOrTx = db): Promise<void> {
      await tx.delete(paymentPasswordGuard).where(eq(paymentPasswordGuard.memberId, memberId));
    },

    async liveAccounts(memberId: string, tx: DbOrTx = db): Promise<MemberBankAccountRow[]> {
      return tx
        .select()
        .from(memberBankAccount)
        .where(and(eq(memberBankAccount.memberId, memberId), isNull(memberBankAccount.removedAt)))
        .orderBy(memberBankAccount.createdAt, memberBankAccount.id);
    },

    /** Inserts the account; undefined when the member has it bound already. */
    /**
     * The member who owns the account number: the first to bind it (this member, when nobody had). One
     * statement each way, so two members binding the same number at once get one owner.
     */
    async claimAccountNumber(
      row: {
        merchantCode: string;
        bankCode: string;
        accountNumber: string;
        memberId: string;
        createdAt: Date;
      },
      tx: DbOrTx = db,
    ): Promise<string> {
      await tx.insert(bankAccountOwner).values(row).onConflictDoNothing();
      const [owner] = await tx
        .select({ memberId: bankAccountOwner.memberId })
        .from(bankAccountOwner)
        .where(
          and(
            eq(bankAccountOwner.merchantCode, row.merchantCode),
            eq(bankAccountOwner.bankCode, row.bankCode),
            eq(bankAccountOwner.accountNumber, row.accountNumber),
          ),
        );
      if (!owner) throw new Error('bank account owner neither inserted nor found');
      return owner.memberId;
    },

    /** A member refused another member's account number, kept for operators and the referral rules. */
    /** Records the conflict; answers its id. */
    async insertConflict(row: typeof bankAccountConflict.$inferInsert, tx: DbOrTx = db): Promise<number> {
      const [created] = await tx
        .insert(bankAccountConflict)
        .values(row)
        .returning({ id: bankAccountConflict.id });
      if (!created) throw new Error('the conflict was not written');
      return created.id;
    },

    async insertAccount(row: typeof memberBankAccount.$inferInsert, tx: DbOrTx = db) {
      const [created] = await tx.insert(memberBankAccount).values(row).onConflictDoNothing().returning();
      return created;
    },

    async removeAccount(memberId: string, accountId: string, now: Date, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(memberBankAccount)
        .set({ removedAt: now })
        .where(
          and(
            eq(memberBankAccount.id, accountId),
            eq(memberBankAccount.memberId, memberId),
            isNull(memberBankAccount.removedAt),
          ),
        )
        .returning({ id: memberBankAccount.id });
      return rows.length > 0;
    },

    async findRequestByKey(memberId: string, requestKey: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(withdrawalRequest)
        .where(and(eq(withdrawalRequest.memberId, memberId), eq(withdrawalRequest.requestKey, requestKey)));
      return row;
    },

    /** Requests of the member since `since`, rejected ones left out. */
    async countSince(memberId: string, since: Date, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(withdrawalRequest)
        .where(
          and(
            eq(withdrawalRequest.memberId, memberId),
            gte(withdrawalRequest.createdAt, since),
            ne(withdrawalRequest.status, 'rejected'),
          ),
        );
      return row?.n ?? 0;
    },

    /** Whether the member has had a withdrawal paid (a first one may need an identity check). */
    async hasPaid(memberId: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: withdrawalRequest.id })
        .from(withdrawalRequest)
        .where(and(eq(withdrawalRequest.memberId, memberId), eq(withdrawalRequest.status, 'paid')))
        .limit(1);
      return row !== undefined;
    },

    async insertRequest(
      row: typeof withdrawalRequest.$inferInsert,
      tx: DbOrTx,
    ): Promise<WithdrawalRequestRow> {
      const [created] = await tx.insert(withdrawalRequest).values(row).returning();
      if (!created) throw new Error('withdrawal request not inserted');
      return created;
    },

    async findRequest(requestId: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(withdrawalRequest).where(eq(withdrawalRequest.id, requestId));
      return row;
    },

    /** The request, its row locked until the transaction ends (decisions on it run one at a time). */
    async lockRequest(requestId: string, tx: DbOrTx) {
      const [row] = await tx
        .select()
        .from(withdrawalRequest)
        .where(eq(withdrawalRequest.id, requestId))
        .for('update');
      return row;
    },

    /** Records the first of two approvals on a pending request. */
    async approveFirst(
      requestId: string,
      approval: { operatorId: string; now: Date },
      tx: DbOrTx,
    ): Promise<WithdrawalRequestRow> {
      const [row] = await tx
        .update(withdrawalRequest)
        .set({ firstApprovedBy: approval.operatorId, firstApprovedAt: approval.now })
        .where(
          and(
            eq(withdrawalRequest.id, requestId),
            eq(withdrawalRequest.status, 'pending'),
            isNull(withdrawalRequest.firstApprovedBy),
          ),
        )
        .returning();
      if (!row) throw new Error(`withdrawal ${requestId} was not waiting for its first approval`);
      return row;
    },

    async decide(
      requestId: string,
      change: {
        status: WithdrawalStatus;
        settleTransactionId: number;
        now: Date;
        rejectReason: string | null;
        decidedBy: string | null;
      },
      tx: DbOrTx,
    ): Promise<WithdrawalRequestRow> {
      const [row] = await tx
        .update(withdrawalRequest)
        .set({
          status: change.status,
          settleTransactionId: change.settleTransactionId,
          decidedAt: change.now,
          rejectReason: change.rejectReason,
          decidedBy: change.decidedBy,
        })
        .where(and(eq(withdrawalRequest.id, requestId), eq(withdrawalRequest.status, 'pending')))
        .returning();
      if (!row) throw new Error(`withdrawal ${requestId} was not pending`);
      return row;
    },

    async memberRequests(
      memberId: string,
      status: WithdrawalStatus | undefined,
      page: { limit: number; offset: number },
      tx: DbOrTx = db,
    ) {
      const where = and(
        eq(withdrawalRequest.memberId, memberId),
        status === undefined ? undefined : eq(withdrawalRequest.status, status),
      );
      return pageWithTotal(
        tx,
        where,
        tx
          .select()
          .from(withdrawalRequest)
          .where(where)
          .orderBy(desc(withdrawalRequest.createdAt), desc(withdrawalRequest.id))
          .limit(page.limit)
          .offset(page.offset),
      );
    },

    /**
     * Requests of the merchant in a status with their member's username, narrowed by a username prefix
     * (any case) and a period of creation (`from` inclusive, `to` exclusive). Pending ones oldest first
     * (first come, first paid), the others newest first.
     */
    /**
     * Up to `page.limit` of the merchant's requests the filter keeps, with their members' usernames:
     * pending ones oldest first (first come, first paid), the others newest first; after `page.offset`
     * requests, or after the request `page.after` (an export reading the whole list).
     */
    async searchRequests(
      merchantCode: string,
      filter: WithdrawalSearch,
      page: { limit: number; offset?: number; after?: string },
      tx: DbOrTx = db,
    ) {
      const direction = filter.status === 'pending' ? 'asc' : 'desc';
      const conditions = searchConditions(merchantCode, filter);
      if (page.after !== undefined) {
        const keyset = { after: page.after, direction } as const;
        conditions.push(
          keysetAfter(withdrawalRequest, withdrawalRequest.createdAt, withdrawalRequest.id, keyset),
        );
      }
      const order = direction === 'asc' ? asc : desc;
      return tx
        .select({ request: withdrawalRequest, username: member.username })
        .from(withdrawalRequest)
        .innerJoin(member, eq(member.id, withdrawalRequest.memberId))
        .where(and(...conditions))
        .orderBy(order(withdrawalRequest.createdAt), order(withdrawalRequest.id))
        .limit(page.limit)
        .offset(page.offset ?? 0);
    },

    /** How many of the merchant's requests the filter keeps. */
    async countRequests(merchantCode: string, filter: WithdrawalSearch, tx: DbOrTx = db): Promise<number> {
      const [total] = await tx
        .select({ n: count() })
        .from(withdrawalRequest)
        .innerJoin(member, eq(member.id, withdrawalRequest.memberId))
        .where(and(...searchConditions(merchantCode, filter)));
      return total?.n ?? 0;
    },

    /** How many of the merchant's requests wait for a decision. */
    async pendingCount(merchantCode: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(withdrawalRequest)
        .where(
          and(eq(withdrawalRequest.merchantCode, merchantCode), eq(withdrawalRequest.status, 'pending')),
        );
      return row?.n ?? 0;
    },
  };
}

/** A page of requests (the query with its limit and offset) and how many requests match `where` in all. */
async function pageWithTotal<Row>(tx: DbOrTx, where: SQL | undefined, page: PromiseLike<Row[]>) {
  const rows = await page;
  const [total] = await tx.select({ n: count() }).from(withdrawalRequest).where(where);
  return { rows, total: total?.n ?? 0 };
}

export type WithdrawalRepository = ReturnType<typeof createWithdrawalRepository>;
