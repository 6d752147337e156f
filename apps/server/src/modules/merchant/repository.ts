import { eq, sql } from 'drizzle-orm';
import { merchant, type MerchantRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import type { MerchantToggle } from '@kl/contracts/status';

export interface OperatorStatusChange {
  maintenance?: boolean;
  maintenanceUntil?: Date | null;
  allowedCountries?: string[];
}

/** The merchant's settings an operator changes (docs/back-office.md, "Site settings"); only those given. */
export type MerchantSettingsChange = Partial<
  Pick<
    MerchantRow,
    | 'name'
    | 'mainDomain'
    | 'domainRoute'
    | 'whitelabel'
    | 'timeZone'
    | 'agentMaxDepth'
    | 'sessionIdleMinutes'
    | 'customerService'
    | 'resources'
    | 'logoImageId'
    | 'homeSections'
    | MerchantToggle
  >
>;

export type MerchantRepository = ReturnType<typeof createMerchantRepository>;

export function createMerchantRepository(db: Db) {
  return {
    async findByCode(code: string, tx?: DbOrTx): Promise<MerchantRow | undefined> {
      const [row] = await (tx ?? db).select().from(merchant).where(eq(merchant.code, code)).limit(1);
      return row;
    },

    /** The merchant's row locked until the end of the caller's transaction (a change read, then written). */
    async lockByCode(code: string, tx: DbOrTx): Promise<MerchantRow | undefined> {
      const [row] = await tx.select().from(merchant).where(eq(merchant.code, code)).for('update');
      return row;
    },

    /** Applies an operator's change; undefined when the merchant does not exist. */
    async updateOperatorStatus(
      code: string,
      change: OperatorStatusChange,
      tx?: DbOrTx,
    ): Promise<MerchantRow | undefined> {
      const [row] = await (tx ?? db)
        .update(merchant)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(merchant.code, code))
        .returning();
      return row;
    },

    /** Applies an operator's change of the settings inside the caller's transaction. */
    async updateSettings(
      code: string,
      change: MerchantSettingsChange,
      tx: DbOrTx,
    ): Promise<MerchantRow | undefined> {
      const [row] = await tx
        .update(merchant)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(merchant.code, code))
        .returning();
      return row;
    },
  };
}
