import { eq } from 'drizzle-orm';
import { withdrawalSetting } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

/**
 * The merchant's withdrawal limits as the back office changes them (docs/back-office.md, "Deposit channels
 * and payments operations"). The withdrawal calls read the row on every request, so a change applies to
 * the next one.
 */
export function createWithdrawalSettingsRepository(db: Db) {
  return {
    /** The merchant's limits, the row locked until the transaction ends. */
    async lock(merchantCode: string, tx: DbOrTx) {
      const [row] = await tx
        .select()
        .from(withdrawalSetting)
        .where(eq(withdrawalSetting.merchantCode, merchantCode))
        .for('update');
      return row;
    },

    /** Writes the limits, inserting the row when the merchant has none. */
    async save(values: typeof withdrawalSetting.$inferInsert, tx: DbOrTx = db) {
      const { merchantCode, ...set } = values;
      const [row] = await tx
        .insert(withdrawalSetting)
        .values(values)
        .onConflictDoUpdate({ target: withdrawalSetting.merchantCode, set })
        .returning();
      if (!row) throw new Error(`withdrawal limits of ${merchantCode} not written`);
      return row;
    },
  };
}
