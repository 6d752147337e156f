import { and, eq } from 'drizzle-orm';
import { type IdentityProvider, memberIdentity, type MemberIdentityRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

/** Quick-login identities: (merchant, provider, Firebase user id) → member. */
export function createFirebaseIdentityRepository(db: Db) {
  return {
    async find(
      merchantCode: string,
      provider: IdentityProvider,
      subject: string,
      tx?: DbOrTx,
    ): Promise<MemberIdentityRow | undefined> {
      const [row] = await (tx ?? db)
        .select()
        .from(memberIdentity)
        .where(
          and(
            eq(memberIdentity.merchantCode, merchantCode),
            eq(memberIdentity.provider, provider),
            eq(memberIdentity.subject, subject),
          ),
        )
        .limit(1);
      return row;
    },

    /** Links an identity to a member; undefined when that identity was linked meanwhile. */
    async insert(
      row: typeof memberIdentity.$inferInsert,
      tx?: DbOrTx,
    ): Promise<MemberIdentityRow | undefined> {
      const [created] = await (tx ?? db).insert(memberIdentity).values(row).onConflictDoNothing().returning();
      return created;
    },

    async touch(id: string, now: Date, tx?: DbOrTx): Promise<void> {
      await (tx ?? db).update(memberIdentity).set({ lastLoginAt: now }).where(eq(memberIdentity.id, id));
    },
  };
}

export type FirebaseIdentityRepository = ReturnType<typeof createFirebaseIdentityRepository>;
