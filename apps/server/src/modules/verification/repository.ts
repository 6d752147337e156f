import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { captcha, smsCode, type SmsCodeRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

export function createCaptchaRepository(db: Db) {
  return {
    async insert(row: typeof captcha.$inferInsert, tx?: DbOrTx): Promise<void> {
      await (tx ?? db).insert(captcha).values(row);
    },

    /** Marks a captcha used and answers it; undefined when unknown or already used. */
    async consume(id: string, now: Date, tx?: DbOrTx) {
      const [row] = await (tx ?? db)
        .update(captcha)
        .set({ consumedAt: now })
        .where(and(eq(captcha.id, id), isNull(captcha.consumedAt)))
        .returning();
      return row;
    },

    async deleteExpiredBefore(before: Date, tx?: DbOrTx): Promise<void> {
      await (tx ?? db).delete(captcha).where(lt(captcha.expiresAt, before));
    },
  };
}

export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;

export function createSmsCodeRepository(db: Db) {
  return {
    async insert(row: typeof smsCode.$inferInsert, tx?: DbOrTx): Promise<SmsCodeRow> {
      const [created] = await (tx ?? db).insert(smsCode).values(row).returning();
      if (!created) throw new Error('sms_code insert returned nothing');
      return created;
    },

    /** The newest code asked for this number and purpose. */
    async latest(merchantCode: string, mobile: string, purpose: SmsCodeRow['purpose'], tx?: DbOrTx) {
      const [row] = await (tx ?? db)
        .select()
        .from(smsCode)
        .where(
          and(
            eq(smsCode.merchantCode, merchantCode),
            eq(smsCode.mobile, mobile),
            eq(smsCode.purpose, purpose),
          ),
        )
        .orderBy(desc(smsCode.createdAt))
        .limit(1);
      return row;
    },

    /** Creation times of the codes asked for this number since `since`, oldest first. */
    async sentSince(merchantCode: string, mobile: string, since: Date, tx?: DbOrTx): Promise<Date[]> {
      const rows = await (tx ?? db)
        .select({ createdAt: smsCode.createdAt })
        .from(smsCode)
        .where(
          and(
            eq(smsCode.merchantCode, merchantCode),
            eq(smsCode.mobile, mobile),
            gt(smsCode.createdAt, since),
          ),
        )
        .orderBy(asc(smsCode.createdAt));
      return rows.map((row) => row.createdAt);
    },

    /** Ends every open code of this number and purpose (a new one replaces them). */
    async closeOpen(
      merchantCode: string,
      mobile: string,
      purpose: SmsCodeRow['purpose'],
      now: Date,
      tx?: DbOrTx,
    ) {
      await (tx ?? db)
        .update(smsCode)
        .set({ consumedAt: now })
        .where(
          and(
            eq(smsCode.merchantCode, merchantCode),
            eq(smsCode.mobile, mobile),
            eq(smsCode.purpose, purpose),
            isNull(smsCode.consumedAt),
          ),
        );
    },

    /**
     * Counts one try of an open code before it is compared; answers the tries so far, or undefined when the
     * code is used, ended or has had `maxAttempts` tries already (one statement: parallel tries are counted
     * one by one).
     */
    async countTry(id: string, maxAttempts: number, tx?: DbOrTx): Promise<number | undefined> {
      const [row] = await (tx ?? db)
        .update(smsCode)
        .set({ attempts: sql`${smsCode.attempts} + 1` })
        .where(and(eq(smsCode.id, id), isNull(smsCode.consumedAt), lt(smsCode.attempts, maxAttempts)))
        .returning({ attempts: smsCode.attempts });
      return row?.attempts;
    },

    /** Uses the code; false when it was used meanwhile. */
    async consume(id: string, now: Date, tx?: DbOrTx): Promise<boolean> {
      const rows = await (tx ?? db)
        .update(smsCode)
        .set({ consumedAt: now })
        .where(and(eq(smsCode.id, id), isNull(smsCode.consumedAt)))
        .returning({ id: smsCode.id });
      return rows.length === 1;
    },
  };
}

export type SmsCodeRepository = ReturnType<typeof createSmsCodeRepository>;
