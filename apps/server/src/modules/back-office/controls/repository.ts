import { eq } from 'drizzle-orm';
import { merchantControls, type MerchantControlsRow } from '../../../db/schema/index.ts';
import type { DbOrTx } from '../../../platform/db.ts';

/** The merchant's money controls row (docs/back-office.md, "Four eyes"). */
export function createControlsRepository(db: DbOrTx) {
  return {
    async find(merchantCode: string, tx: DbOrTx = db): Promise<MerchantControlsRow | undefined> {
      const [row] = await tx
        .select()
        .from(merchantControls)
        .where(eq(merchantControls.merchantCode, merchantCode));
      return row;
    },

    /** Inserts the row unless the merchant has one; answers whether it did. */
    async insertIfMissing(values: typeof merchantControls.$inferInsert, tx: DbOrTx): Promise<boolean> {
      const written = await tx
        .insert(merchantControls)
        .values(values)
        .onConflictDoNothing({ target: merchantControls.merchantCode })
        .returning({ merchantCode: merchantControls.merchantCode });
      return written.length > 0;
    },

    /** Writes the merchant's controls, inserting the row when it is missing. */
    async save(values: typeof merchantControls.$inferInsert, tx: DbOrTx): Promise<MerchantControlsRow> {
      const { merchantCode, ...set } = values;
      const [row] = await tx
        .insert(merchantControls)
        .values(values)
        .onConflictDoUpdate({ target: merchantControls.merchantCode, set })
        .returning();
      if (!row) throw new Error(`controls of ${merchantCode} not written`);
      return row;
    },
  };
}
export type ControlsRepository = ReturnType<typeof createControlsRepository>;
