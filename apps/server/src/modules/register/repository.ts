import { and, eq, sql } from 'drizzle-orm';
import { affiliateCode, registrationFieldRule } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

export function createRegisterRepository(db: Db) {
  return {
    /** The merchant's rule of every registration field it has configured. */
    async fieldRules(merchantCode: string, tx?: DbOrTx) {
      return (tx ?? db)
        .select({
          field: registrationFieldRule.field,
          enabled: registrationFieldRule.enabled,
          required: registrationFieldRule.required,
        })
        .from(registrationFieldRule)
        .where(eq(registrationFieldRule.merchantCode, merchantCode));
    },

    /** Writes the rule of each field given (docs/back-office.md, "Site settings"). */
    async setFieldRules(
      merchantCode: string,
      rules: readonly { field: string; enabled: boolean; required: boolean }[],
      tx: DbOrTx,
    ): Promise<void> {
      if (rules.length === 0) return;
      await tx
        .insert(registrationFieldRule)
        .values(rules.map((rule) => ({ merchantCode, ...rule })))
        .onConflictDoUpdate({
          target: [registrationFieldRule.merchantCode, registrationFieldRule.field],
          set: { enabled: sql`excluded.enabled`, required: sql`excluded.required` },
        });
    },

    /** An active affiliate code of the merchant, compared without regard to case. */
    async findActiveAffiliateCode(merchantCode: string, code: string, tx?: DbOrTx) {
      const [row] = await (tx ?? db)
        .select()
        .from(affiliateCode)
        .where(
          and(
            eq(affiliateCode.merchantCode, merchantCode),
            sql`upper(${affiliateCode.code}) = upper(${code})`,
            eq(affiliateCode.active, true),
          ),
        )
        .limit(1);
      return row;
    },
  };
}

export type RegisterRepository = ReturnType<typeof createRegisterRepository>;
