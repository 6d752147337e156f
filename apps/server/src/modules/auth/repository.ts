import { and, count, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { loginAttempt, loginKey, passwordResetToken } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

export function createLoginAttemptRepository(db: Db) {
  return {
    async record(row: typeof loginAttempt.$inferInsert, tx?: DbOrTx): Promise<void> {
      await (tx ?? db).insert(loginAttempt).values(row);
    },

    /** Whether a login failed for this account or from this IP since `since`. */
    async failedSince(
      merchantCode: string,
      account: string,
      ip: string,
      since: Date,
      tx?: DbOrTx,
    ): Promise<boolean> {
      const [row] = await (tx ?? db)
        .select({ id: loginAttempt.id })
        .from(loginAttempt)
        .where(
          and(
            eq(loginAttempt.succeeded, false),
            gt(loginAttempt.createdAt, since),
            or(
              and(eq(loginAttempt.merchantCode, merchantCode), eq(loginAttempt.account, account)),
              eq(loginAttempt.ip, ip),
            ),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * A member's login history since `since`, newest first: their sign-ins, and the refused attempts naming
     * any of their accounts (a lower-cased username, a mobile number); a page of it and the count.
     */
    async historyOf(
      merchantCode: string,
      memberId: string,
      accounts: string[],
      since: Date,
      page: { limit: number; offset: number },
    ) {
      const where = and(
        eq(loginAttempt.merchantCode, merchantCode),
        gt(loginAttempt.createdAt, since),
        or(
          eq(loginAttempt.memberId, memberId),
          and(inArray(loginAttempt.account, accounts), eq(loginAttempt.succeeded, false)),
        ),
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(loginAttempt)
          .where(where)
          .orderBy(desc(loginAttempt.createdAt), desc(loginAttempt.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(loginAttempt).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },
  };
}

export type LoginAttemptRepository = ReturnType<typeof createLoginAttemptRepository>;

export function createLoginKeyRepository(db: Db) {
  return {
    async newest(tx?: DbOrTx) {
      const [row] = await (tx ?? db).select().from(loginKey).orderBy(desc(loginKey.createdAt)).limit(1);
      return row;
    },
    async findById(id: string, tx?: DbOrTx) {
      const [row] = await (tx ?? db).select().from(loginKey).where(eq(loginKey.id, id)).limit(1);
      return row;
    },
    async insert(row: typeof loginKey.$inferInsert, tx?: DbOrTx): Promise<void> {
      await (tx ?? db).insert(loginKey).values(row).onConflictDoNothing();
    },
  };
}

export type LoginKeyRepository = ReturnType<typeof createLoginKeyRepository>;

export function createPasswordResetRepository(db: Db) {
  return {
    async insert(row: typeof passwordResetToken.$inferInsert, tx?: DbOrTx): Promise<void> {
      await (tx ?? db).insert(passwordResetToken).values(row);
    },

    async latestCreatedAt(memberId: string, tx?: DbOrTx): Promise<Date | undefined> {
      const [row] = await (tx ?? db)
        .select({ createdAt: passwordResetToken.createdAt })
        .from(passwordResetToken)
        .where(eq(passwordResetToken.memberId, memberId))
        .orderBy(desc(passwordResetToken.createdAt))
        .limit(1);
      return row?.createdAt;
    },

    /** Uses a live token; answers its member, or undefined when unknown, used or expired. */
    async use(tokenHash: string, now: Date, tx?: DbOrTx): Promise<string | undefined> {
      const [row] = await (tx ?? db)
        .update(passwordResetToken)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetToken.tokenHash, tokenHash),
            isNull(passwordResetToken.usedAt),
            gt(passwordResetToken.expiresAt, now),
          ),
        )
        .returning({ memberId: passwordResetToken.memberId });
      return row?.memberId;
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
